// The task list's items and rows: what a listing is drawn as (its groups, its rows under their
// parents), and each row. The first screen (first.js) draws its rows with these before the rest
// of the app has loaded, and the list (list.js) draws them the same way when it takes over.
import { h, icon, relDate, today, minutesText, PRIORITY_LABEL, datePart, timePart, hasPassed } from './util.js';
import { route, cursor, prefs } from './state.js';
import { nestRows, structureChips, disclosure } from './nesting.js';
import { timerButton } from './timer.js';
import { groupKey, layout, arrange, groupHead } from './list-groups.js';

const PLAN_REGION = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };
/** A list not in select mode. */
const NO_SELECTION = { active: false, has: () => false };

/** From this many rows on, only the rows near the screen are drawn (virtual.js). */
export const WINDOW_FROM = 300;

/** What listing `L` is drawn as, in order: {kind: 'group' | 'empty' | 'task', key, …}; a task
 *  item has its depth, whether its children follow, its position and (`of`) how many rows the
 *  listing has, counting those of a long listing still to come. */
export function listItems(L) {
  const key = groupKey();
  const items = [];
  let total = 0;
  for (const g of arrange(L.groups || [], key)) {
    if (g.name) items.push({ kind: 'group', key: 'g\u001f' + g.name, g, groupKey: key, group: g.name });
    if (g.name && !g.tasks.length) items.push({ kind: 'empty', key: 'e\u001f' + g.name, group: g.name });
    for (const r of nestRows(g.tasks)) {
      items.push({ kind: 'task', key: 't\u001f' + (g.name || '') + '\u001f' + r.t.id, t: r.t, depth: r.depth, hasKids: r.hasKids, group: g.name, pos: ++total });
    }
  }
  // The first rows of a long listing (the rest is on its way) count the whole of it.
  const of = Math.max(total, L.total || 0);
  for (const it of items) if (it.kind === 'task') it.of = of;
  return { items, total, of };
}

/** The class of the list drawing `of` rows: its layout, and whether it is windowed. */
export const listClass = (of) => 'task-list layout-' + layout() + (of >= WINDOW_FROM ? ' is-windowed' : '');

/** The element of list item `it` (its index is `i`); `row(t, depth, hasKids)` draws a task's. */
export function drawItem(it, i, row = drawTaskRow) {
  const el = it.kind === 'group' ? groupHead(it.g, it.groupKey)
    : it.kind === 'empty' ? h('li', { class: 'group-empty', text: 'No tasks. Drag one here.' })
      : row(it.t, it.depth, it.hasKids);
  el.dataset.index = String(i);
  if (it.kind === 'task') { el.setAttribute('aria-setsize', String(it.of)); el.setAttribute('aria-posinset', String(it.pos)); }
  return el;
}

function chip(cls, text, ic, label) {
  return h('span', { class: 'chip ' + cls, title: label || null }, ic ? icon(ic) : null, label ? h('span', { class: 'sr', text: label + ': ' }) : null, h('span', { text }));
}

/** The row of task `t`, `depth` levels under listed parents (§23); `hasKids`: its children
 *  follow; `sel`: the list's select mode (selection.js), or none. */
export function drawTaskRow(t, depth, hasKids, sel = NO_SELECTION) {
  const done = t.status === 'done' || t.status === 'cancelled';
  const td = today();
  const r = route();
  const detailed = layout() === 'detailed'; // the notes' first lines under the title
  const li = h('li', { class: 'task' + (done ? ' is-done' : '') + (t.status === 'cancelled' ? ' is-cancelled' : '') + (cursor() === t.id ? ' selected' : '') + (sel.has(t.id) ? ' picked' : '') + (hasKids ? ' has-kids' : '') + (t.blocked && !done ? ' is-blocked' : ''), 'data-id': t.id, 'data-depth': String(depth || 0) });
  if (depth) li.style.setProperty('--depth', Math.min(depth, 6));
  // A full TASK's body (the editor's answer), or the row form's `notes` (the body's start).
  const notes = 'body' in t ? t.body && t.body.trim() : t.notes;
  const check = sel.active
    ? sel.check(`Select ${t.title}`, t.id)
    : h('button', { type: 'button', class: 'check prio-' + (t.priority || 'none'), 'aria-label': (done ? 'Reopen ' : 'Complete ') + t.title, 'aria-pressed': String(done) }, icon('check'));
  const meta = structureChips(t, done);
  // A date may carry a time (§24): days compare by their date part, "Today, 3 PM" shows the time.
  const defer = datePart(t.defer), scheduled = datePart(t.scheduled), due = datePart(t.due);
  if (t.defer && (defer > td || (defer === td && timePart(t.defer))) && !done) meta.push(chip('muted', 'Starts ' + relDate(t.defer), 'clock', 'Deferred'));
  if (t.scheduled && !done && !(scheduled <= td && !timePart(t.scheduled) && r.kind === 'view' && r.id === 'today')) meta.push(chip(scheduled < td ? 'muted' : 'sched', relDate(t.scheduled), 'calendar', 'Scheduled'));
  if (t.due && !done) {
    const over = hasPassed(t.due);
    meta.push(chip(over ? 'overdue' : due === td ? 'due-today' : 'due', 'Due ' + relDate(t.due), null, over ? 'Overdue' : null));
  }
  // Planned for today in the 1–3–5 planner: which part of the day (Things' "This Evening").
  if (!done && t.plan_date === td && PLAN_REGION[t.region]) meta.push(chip('sched', PLAN_REGION[t.region] + (t.bucket === 'must' ? ' · Must-Do' : ''), 'sunrise', 'Planned'));
  if (done && t.completed) meta.push(chip('muted', (t.status === 'cancelled' ? 'Cancelled ' : 'Done ') + relDate(localDay(t.completed)), null));
  const inProject = r.kind === 'view' && (r.id === 'project:' + t.project || (r.id.startsWith('area:') && (prefs().mode || 'list') === 'list'));
  if (t.project && !inProject) meta.push(chip('pill', t.project, 'folder', 'Project'));
  else if (!t.project && t.area && !(r.kind === 'view' && r.id === 'area:' + t.area)) meta.push(chip('pill', t.area, 'area', 'Area'));
  for (const tag of t.tags || []) if (!(r.kind === 'view' && r.id === 'tag:' + tag)) meta.push(chip('tag', '#' + tag));
  if (t.estimated_minutes != null) meta.push(chip('muted', minutesText(t.estimated_minutes), 'clock', 'Estimate'));
  if (t.recurrence) meta.push(h('span', { class: 'chip muted', title: 'Repeats' }, icon('repeat'), h('span', { class: 'sr', text: 'Repeats' })));
  if (t.status === 'in-progress') meta.push(chip('progress', 'In progress'));
  if (t.status === 'someday' && !(r.kind === 'view' && r.id === 'someday')) meta.push(chip('muted', 'Someday'));
  if (t.source && t.source !== 'user') meta.push(chip('source', 'via ' + t.source, null));
  if (notes) meta.push(h('span', { class: 'chip muted', title: 'Has notes' }, icon('book'), h('span', { class: 'sr', text: 'Has notes' })));

  const prio = t.priority && t.priority !== 'none'
    ? h('span', { class: 'prio prio-' + t.priority, title: PRIORITY_LABEL[t.priority] + ' priority' },
      h('span', { 'aria-hidden': 'true', text: { high: '!!!', medium: '!!', low: '!' }[t.priority] }), h('span', { class: 'sr', text: PRIORITY_LABEL[t.priority] + ' priority' }))
    : null;
  const flag = t.flagged ? h('span', { class: 'flag', title: 'Flagged' }, icon('flag'), h('span', { class: 'sr', text: 'Flagged' })) : null;

  li.append(h('div', { class: 'task-inner' },
    hasKids ? disclosure(t) : depth ? h('span', { class: 'disclose-space', 'aria-hidden': 'true' }) : null,
    check,
    h('div', { class: 'task-main' },
      h('div', { class: 'task-line' },
        h('button', { type: 'button', class: 'task-title', 'aria-label': depth ? `${t.title} (subtask, level ${depth + 1})` : null, text: t.title }), prio, flag),
      t.description ? h('div', { class: 'task-desc', text: t.description }) : null,
      detailed && notes ? h('div', { class: 'task-notes', text: notes }) : null,
      meta.length ? h('div', { class: 'task-meta' }, meta) : null),
    sel.active ? null : timerButton(t)));
  return li;
}

const localDay = (iso) => { const d = new Date(iso); return isNaN(d) ? iso.slice(0, 10) : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; };
