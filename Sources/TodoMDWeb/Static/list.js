// The task list: loading the route's listing (each task in its row form, `fields=row`), drawing
// its groups and rows (a long list only near the screen, virtual.js), the keyboard cursor, select
// mode (selection.js) and drag and drop between rows and groups.
import { h, $, $$, icon, relDate, today, minutesText, PRIORITY_LABEL, datePart, timePart, hasPassed } from './util.js';
import { get, post, patch, ref } from './api.js';
import { FIRST_ROWS, listingPath, listingAnswer } from './first.js';
import { toast, showError, showApp } from './ui.js';
import { sortable } from './drag.js';
import { selectionMode } from './selection.js';
import { route, sidebar, listing, setListing, cursor, setCursor, animating, animStart, animEnd, viewKey, isDoneRoute, prefs, findTask } from './state.js';
import { loadSidebar } from './sidebar.js';
import { screenKey } from './router.js';
import { renderHeader, renderBanner, routeTitle, filterCount } from './header.js';
import { planChanged, boardChanged, insightsChanged, trashChanged, openEditor } from './lazy.js';
import { complete, deferTasks, bulk } from './actions.js';
import { nestRows, structureChips, disclosure, toggleFold, setParent } from './nesting.js';
import { calendarChanged } from './lazy.js';
import { timerButton } from './timer.js';
import { virtualRows } from './virtual.js';
import { PRIORITIES, groupKey, layout, arrange, groupHead, groupChange } from './list-groups.js';

export { PRIORITIES, groupKey };

const PLAN_REGION = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };
const EMPTY = {
  inbox: ['Inbox is empty', 'Tasks without an area or project land here.'],
  today: ['Nothing for today', 'Enjoy the calm, or pull something in from Anytime.'],
  upcoming: ['Nothing coming up', 'Tasks with future dates will show here.'],
  anytime: ['Nothing available', 'Everything is done, deferred or someday.'],
  someday: ['No someday tasks', 'Park ideas here for later.'],
  flagged: ['No flagged tasks', 'Flag what matters most.'],
  logbook: ['Nothing completed yet', 'Completed tasks are kept here.'],
  all: ['No tasks', 'Add your first task above.'],
};

/** Select mode of the task list, with its bulk actions (actions.js). */
export const taskSelection = selectionMode({
  noun: 'task', nouns: 'tasks', bar: 'bulk-bar',
  actions: [
    { label: 'Complete', icon: 'check', run: (ids) => bulk('complete', ids) },
    { label: 'Defer', icon: 'calendar', run: (ids) => bulk('defer', ids) },
    { label: 'Priority', icon: 'flag', run: (ids) => bulk('priority', ids) },
    { label: 'Move', icon: 'folder', run: (ids) => bulk('move', ids) },
    { label: 'Tags', icon: 'tag', run: (ids) => bulk('tags', ids) },
    { label: 'Duplicate', icon: 'copy', run: (ids) => bulk('duplicate', ids) },
    { label: 'Delete', icon: 'trash', run: (ids) => bulk('delete', ids), danger: true },
  ],
  onToggle: () => { renderHeader(); renderList(); },
  onPick: (id, on) => {
    const li = rowEl(id);
    if (!li) return;
    li.classList.toggle('picked', on);
    const b = $('.check', li);
    if (b) b.setAttribute('aria-pressed', String(on));
  },
});

// ---------- Data ----------
const rowCount = (L) => L.groups.reduce((n, g) => n + g.tasks.length, 0);

let loadSeq = 0;
let newestLoad = null; // loadList's newest answer
/** Loads and draws the route's listing (the planner reloads its own). Resolves once the list on
 *  screen is at least as new as when it was called: a load overtaken by a newer one (a live
 *  update's refresh) waits for that one, so a caller that then looks for a row finds it. */
export function loadList() {
  const load = loadListOnce();
  newestLoad = load;
  return load;
}

async function loadListOnce() {
  const r0 = route();
  if (r0 && r0.kind === 'calendar') { calendarChanged(); return; }
  if (r0 && r0.kind === 'plan') { planChanged(); return; }
  if (r0 && r0.kind === 'board') { boardChanged(); return; }
  if (r0 && r0.kind === 'insights') { insightsChanged(); return; }
  if (r0 && r0.kind === 'trash') { trashChanged(); return; }
  if (!r0 || r0.kind === 'notes') return;
  const seq = ++loadSeq;
  const ul = $('#task-list');
  ul.setAttribute('aria-busy', 'true');
  const stale = () => seq !== loadSeq || screenKey(r0) !== screenKey(route());
  try {
    // A new route (resetList() emptied the listing) draws its first rows first; a list on screen
    // is replaced whole.
    const got = await (listing() ? get(listingPath(r0)) : listingAnswer(listingPath(r0, FIRST_ROWS)));
    if (seq !== loadSeq) return newestLoad;
    if (stale()) return;
    setListing(got);
    showApp(); // hidden until now on the first screen: laid out once, with its rows
    renderList();
    renderHeader();
    if (got.total > rowCount(got)) {
      ul.setAttribute('aria-busy', 'true'); // the rest is on its way
      const all = await get(listingPath(r0));
      if (seq !== loadSeq) return newestLoad;
      if (stale()) return;
      setListing(all);
      renderList();
      renderHeader();
    }
  } catch (e) {
    if (seq !== loadSeq) return newestLoad;
    setListing({ groups: [] });
    showApp();
    renderList();
    if (e.status === 404) toast(`“${r0.id || ''}” was not found.`, { error: true });
    else showError(e);
  }
}

let refreshTimer = null;
/** Refetches the list and sidebar, coalescing bursts and waiting for animations and drags. */
export function refresh(delay = 120) {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    if (animating() || document.body.classList.contains('is-dragging')) { refresh(250); return; }
    loadSidebar();
    loadList();
  }, delay);
}

/** The list a new route starts from: empty, nothing picked, at the top. */
export function resetList() {
  setCursor(null);
  taskSelection.reset();
  setListing(null);
  if (windowed) windowed.reset(); // the last route's rows are not drawn into the next one's list
  $('#scroll').scrollTop = 0;
  const ul = $('#task-list');
  ul.replaceChildren();
  ul.setAttribute('aria-busy', 'true');
  $('#empty').hidden = true;
}

// ---------- Rows ----------

function chip(cls, text, ic, label) {
  return h('span', { class: 'chip ' + cls, title: label || null }, ic ? icon(ic) : null, label ? h('span', { class: 'sr', text: label + ': ' }) : null, h('span', { text }));
}

/** The row of task `t`, `depth` levels under listed parents (§23); `hasKids`: its children follow. */
export function taskRow(t, depth, hasKids) {
  const old = depth === undefined && rowEl(t.id); // redrawn in place: its place in the list stays
  if (depth === undefined) { depth = old ? Number(old.dataset.depth || 0) : 0; hasKids = !!(old && old.classList.contains('has-kids')); }
  const done = t.status === 'done' || t.status === 'cancelled';
  const td = today();
  const r = route();
  const sel = taskSelection;
  const detailed = layout() === 'detailed'; // the notes' first lines under the title
  const li = h('li', { class: 'task' + (done ? ' is-done' : '') + (t.status === 'cancelled' ? ' is-cancelled' : '') + (cursor() === t.id ? ' selected' : '') + (sel.has(t.id) ? ' picked' : '') + (hasKids ? ' has-kids' : '') + (t.blocked && !done ? ' is-blocked' : ''), 'data-id': t.id, 'data-depth': String(depth || 0) });
  if (depth) li.style.setProperty('--depth', Math.min(depth, 6));
  if (old) for (const a of ['data-index', 'aria-setsize', 'aria-posinset']) if (old.hasAttribute(a)) li.setAttribute(a, old.getAttribute(a));
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

let drawn = '';
const drawing = () => JSON.stringify([today(), groupKey(), layout()]);
/** From this many rows on, only the rows near the screen are drawn (virtual.js). */
export const WINDOW_FROM = 300;
let items = []; // what the list shows, in order: {kind: 'group' | 'empty' | 'task', key, …}
let windowed = null;

/** The element of list item `it` (its index is `i`). */
function itemEl(it, i) {
  const el = it.kind === 'group' ? groupHead(it.g, it.groupKey)
    : it.kind === 'empty' ? h('li', { class: 'group-empty', text: 'No tasks. Drag one here.' })
      : taskRow(it.t, it.depth, it.hasKids);
  el.dataset.index = String(i);
  if (it.kind === 'task') { el.setAttribute('aria-setsize', String(it.of)); el.setAttribute('aria-posinset', String(it.pos)); }
  return el;
}

/** Draws the listing of the state (keeping the focus on the row it was on). */
export function renderList() {
  const ul = $('#task-list');
  const L = listing();
  if (!L) return;
  drawn = drawing();
  const key = groupKey();
  const active = document.activeElement;
  const focusRow = active && active.closest && active.closest('#task-list .task');
  const focusId = focusRow && focusRow.dataset.id;
  const focusCls = focusRow && (active.classList.contains('check') ? '.check' : '.task-title');
  const next = [];
  let total = 0;
  const ids = new Set();
  for (const g of arrange(L.groups || [], key)) {
    if (g.name) next.push({ kind: 'group', key: 'g\u001f' + g.name, g, groupKey: key, group: g.name });
    if (g.name && !g.tasks.length) next.push({ kind: 'empty', key: 'e\u001f' + g.name, group: g.name });
    for (const r of nestRows(g.tasks)) {
      next.push({ kind: 'task', key: 't\u001f' + (g.name || '') + '\u001f' + r.t.id, t: r.t, depth: r.depth, hasKids: r.hasKids, group: g.name, pos: ++total });
      ids.add(r.t.id);
    }
  }
  // The first rows of a long listing (the rest is on its way) count the whole of it.
  const of = Math.max(total, L.total || 0);
  for (const it of next) if (it.kind === 'task') it.of = of;
  items = next;
  if (!windowed) windowed = virtualRows(ul, $('#scroll'), { make: itemEl, busy: () => document.body.classList.contains('is-dragging') });
  ul.className = 'task-list layout-' + layout() + (of >= WINDOW_FROM ? ' is-windowed' : '');
  if (of >= WINDOW_FROM) windowed.draw(items, of - total);
  else { windowed.off(); ul.replaceChildren(...items.map(itemEl)); }
  ul.dataset.view = viewKey();
  ul.setAttribute('aria-busy', 'false');
  if (cursor() && !ids.has(cursor())) setCursor(null);
  taskSelection.keep(ids);
  if (focusId) { const el = rowEl(focusId); if (el) $(focusCls, el).focus(); }
  const empty = $('#empty');
  empty.hidden = total > 0;
  if (!total) renderEmpty(empty);
  renderBanner();
  taskSelection.renderBar();
}

/** The sidebar or the categories came: the server's today (for "Today", "Tomorrow"), a
 *  perspective's grouping and layout, the categories' names and order may have changed. */
export function redrawIfChanged(categories = false) {
  if (listing() && (drawn !== drawing() || (categories && groupKey() === 'tag'))) renderList();
}

function renderEmpty(box) {
  const r = route();
  let [title, text] = r.kind === 'search' ? [r.q ? 'No matches' : 'Search your tasks', r.q ? `Nothing contains “${r.q}”.` : 'Type in the search box to find tasks by title, description or notes.']
    : r.kind === 'perspective' ? ['No matching tasks', 'Nothing fits this perspective right now.']
      : r.done ? ['Nothing completed here yet', 'Completed tasks will be kept here.']
        : EMPTY[r.id] || ['All clear', 'No open tasks here.'];
  if (filterCount(prefs()) && r.kind !== 'search') text = 'Some tasks may be hidden by the filter.';
  const [, ic] = routeTitle();
  box.replaceChildren(h('div', { class: 'empty-icon' }, icon(r.kind === 'search' ? 'search' : ic || 'check')), h('p', { class: 'empty-title', text: title }), h('p', { class: 'empty-text', text }));
}

export const rowEl = (id) => $$('#task-list .task').find((li) => li.dataset.id === id);

/** Puts the keyboard cursor on task `id` (null: nowhere). */
export function select(id, focus = true) {
  setCursor(id);
  for (const li of $$('#task-list .task.selected')) li.classList.remove('selected');
  // A row off screen in a long list is drawn first (scrolled to).
  if (id && focus && windowed && !rowEl(id)) windowed.reveal(items.findIndex((it) => it.kind === 'task' && it.t.id === id));
  const el = id && rowEl(id);
  if (el) {
    el.classList.add('selected');
    if (focus) { $('.task-title', el).focus({ preventScroll: true }); el.scrollIntoView({ block: 'nearest' }); }
  }
}

export function moveSelection(delta) {
  // The listing's rows, drawn or not (a long list draws only those near the screen).
  const rows = items.filter((it) => it.kind === 'task');
  if (!rows.length) return;
  let i = rows.findIndex((it) => it.t.id === cursor());
  i = i < 0 ? (delta > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, i + delta));
  select(rows[i].t.id);
}

// ---------- Dragging ----------
async function onDrop(el, { before, group, fromGroup }) {
  const id = el.dataset.id;
  const t = findTask(id);
  // In a long list a group's header or the next row may be off screen: the list's items say.
  const at = (n) => (n && n.dataset.index !== undefined ? items[Number(n.dataset.index)] : null);
  const from = fromGroup ? fromGroup.dataset.group : (at(el) || {}).group;
  let prev = el.previousElementSibling;
  while (prev && !at(prev)) prev = prev.previousElementSibling;
  const to = group ? group.dataset.group : prev ? at(prev).group : (at(before) || at(el) || {}).group;
  let beforeId = before ? before.dataset.id : null;
  if (!before && prev) {
    const later = items.slice(Number(prev.dataset.index) + 1).find((it) => it.kind === 'task' && it.t.id !== id);
    beforeId = later ? later.t.id : null;
  }
  animStart();
  try {
    if (to && to !== from && t) {
      const change = groupChange(t, to, from);
      if (change) await patch(`/tasks/${ref(id)}`, change);
    }
    await post(`/tasks/${ref(id)}/move`, { view: viewKey(), before: beforeId });
  } catch (e) { showError(e); }
  animEnd();
  refresh(0);
}

// ---------- Wiring ----------
/** Clicks, focus, drag and swipe on the list. */
export function wireList() {
  const ul = $('#task-list');
  ul.addEventListener('click', (e) => {
    const li = e.target.closest('.task');
    if (!li) return;
    const id = li.dataset.id;
    if (e.target.closest('.disclose')) { toggleFold(id); renderList(); return; }
    if (taskSelection.active) { select(id, false); taskSelection.toggle(id); return; }
    if (e.target.closest('.check')) { complete(id); return; }
    select(id, false);
    openEditor(id);
  });
  ul.addEventListener('focusin', (e) => {
    const li = e.target.closest('.task');
    if (li && li.dataset.id !== cursor()) select(li.dataset.id, false);
  });
  sortable(ul, {
    items: '.task', groups: '.group', ignore: 'input, select, textarea, .check, .disclose',
    enabled: () => route() && route().kind !== 'search' && !isDoneRoute() && !taskSelection.active,
    onDrop,
    // Dropped onto the middle of another row: a subtask of it (seed 003).
    onNest: async (el, target) => {
      const parent = findTask(target.dataset.id);
      animStart();
      await setParent(el.dataset.id, target.dataset.id, parent && parent.title);
      animEnd();
      refresh(0);
    },
    onSwipe: (el, dir) => {
      const id = el.dataset.id;
      if (dir === 'right') complete(id); else deferTasks([id]);
    },
  });
}
