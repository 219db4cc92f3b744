// The 1–3–5 day planner (#/plan, §14): the day board with its four region cards, a region's
// focus view (Must-Do first and largest, then Complementary and Misc, quick add per bucket, drag
// between buckets and onto the region tabs), and the Backlog grouped by age with "move to region".
// Limits are the server's: a full bucket answers 422 with the §14 message, shown as it comes.
import { h, kids, $, $$, icon, relDate, today, hasPassed } from './util.js';
import { get, post, del, ref } from './api.js';
import { toast, showError, sheet } from './ui.js';
import { sortable } from './drag.js';

const REGIONS = [['morning', 'Morning', 'sunrise'], ['afternoon', 'Afternoon', 'sun'], ['evening', 'Evening', 'moon']];
const BUCKETS = [['must', 'Must-Do', 1], ['complementary', 'Complementary', 3], ['misc', 'Misc', 5]];
const REGION_NAME = Object.fromEntries(REGIONS.map(([id, name]) => [id, name]));
const BUCKET_NAME = Object.fromEntries(BUCKETS.map(([id, name]) => [id, name]));
const ADD_HINT = { must: 'Add the Must-Do', complementary: 'Add a Complementary task', misc: 'Add a Misc task' };

const P = { active: false, ctx: null, route: null, board: null, backlog: null, seq: 0, busy: 0, list: null };

/** Shows the planner for `route` ({kind: 'plan', id: '' | region | 'backlog'}). */
export async function showPlan(route, ctx) {
  P.ctx = ctx;
  P.route = route;
  const wasActive = P.active;
  P.active = true;
  $('#app').classList.add('plan-mode');
  let view = $('#plan-view');
  if (!view) {
    view = h('section', { id: 'plan-view', class: 'plan-view', 'aria-labelledby': 'view-title' });
    $('#scroll').append(view);
  }
  if (!wasActive || !P.board) view.replaceChildren();
  $('#scroll').scrollTop = 0;
  renderHeader();
  await load();
  const title = $('#view-title');
  if (title && wasActive) title.focus({ preventScroll: true });
}

/** Leaves the planner and gives the page back to the task list. */
export function hidePlan() {
  if (!P.active) return;
  P.active = false;
  P.board = null;
  P.backlog = null;
  $('#app').classList.remove('plan-mode');
  const view = $('#plan-view');
  if (view) view.remove();
}

/** Something changed in the vault: reload what is shown (drags and requests finish first). */
export function planChanged() {
  if (!P.active || P.busy) return;
  // Never replace the rows under a finger or a mouse button: wait for the gesture to end.
  if (document.body.classList.contains('is-dragging') || (P.list && P.list.pressed())) { setTimeout(planChanged, 250); return; }
  load();
}

/** Keys on the planner outside text fields: `n` adds to the first bucket with room; the task
 *  list's keys do nothing here. Returns whether the key was the planner's. */
export function planKey(e) {
  if (e.key === 'n') {
    const input = $$('#plan-view .padd-input').find((i) => !i.closest('[hidden]'));
    if (input) { e.preventDefault(); input.focus(); return true; }
  }
  return ['j', 'k', 'x', 'd', 'e', 'Enter', 'ArrowDown', 'ArrowUp'].includes(e.key);
}

// ---------- Data ----------
const sub = () => P.route ? P.route.id || '' : '';
const isRegion = (id) => REGIONS.some(([r]) => r === id);

async function load() {
  const seq = ++P.seq;
  try {
    const [board, backlog] = await Promise.all([get('/plan'), sub() === 'backlog' ? get('/plan/backlog') : null]);
    if (seq !== P.seq || !P.active) return;
    P.board = board;
    P.backlog = backlog;
    if (P.list && P.list.pressed()) { setTimeout(planChanged, 250); return; }
    render();
  } catch (e) {
    if (seq === P.seq) showError(e);
  }
}

/** Runs a change, then reloads; the server's message (a full bucket, the lock) is shown as is. */
async function act(fn, done) {
  P.busy++;
  try {
    await fn();
    if (done) toast(done);
  } catch (e) { showError(e); }
  P.busy--;
  await load();
  if (P.ctx && P.ctx.refreshSidebar) P.ctx.refreshSidebar();
}

const regionOf = (id) => P.board && P.board.regions.find((r) => r.region === id);
const pct = (done, total) => total ? Math.round((done / total) * 100) : 0;

/** "Morning region, 1 Must-Do, 2 Complementary, 3 Misc, 50% complete" */
function regionLabel(r) {
  return `${r.name} region, ${r.counts.must} Must-Do, ${r.counts.complementary} Complementary, ${r.counts.misc} Misc, ${pct(r.done, r.total)}% complete`;
}

// ---------- Header ----------
function renderHeader() {
  const s = sub();
  const [title, ic] = s === 'backlog' ? ['Backlog', 'tray'] : isRegion(s) ? [REGION_NAME[s], REGIONS.find(([r]) => r === s)[2]] : ['Plan', 'sunrise'];
  $('#view-title').replaceChildren(icon(ic, 'title-icon'), h('span', { text: title }));
  document.title = `${title} · todo.md`;
  const acts = $('#head-actions');
  kids(acts, s && s !== 'backlog'
    ? h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Plan from Today', title: 'Plan from Today', onclick: () => pickFromToday(s) }, icon('star'))
    : null);
  $('#toolbar').replaceChildren();
}

// ---------- Rendering ----------
function render() {
  const view = $('#plan-view');
  if (!view || !P.board) return;
  renderHeader();
  const s = sub();
  const focus = document.activeElement && view.contains(document.activeElement) ? focusKey(document.activeElement) : null;
  if (s === 'backlog') kids(view, tabs('backlog'), backlogView());
  else if (isRegion(s)) kids(view, tabs(s), regionView(regionOf(s)));
  else kids(view, boardView());
  if (focus) restoreFocus(focus);
}

// Keep the keyboard where it was across a re-render.
function focusKey(el) {
  const row = el.closest('[data-id]');
  if (el.classList.contains('padd-input')) return { sel: `.padd-input[data-bucket="${el.dataset.bucket}"]` };
  if (row) return { sel: `[data-id="${CSS.escape(row.dataset.id)}"] ${el.classList.contains('check') ? '.check' : '.ptitle'}` };
  return null;
}
function restoreFocus(f) { const el = $(f.sel, $('#plan-view')); if (el) el.focus({ preventScroll: true }); }

function progress(done, total, label) {
  const bar = h('span', { class: 'pbar-fill' });
  bar.style.width = pct(done, total) + '%';
  return h('div', { class: 'pbar', role: 'progressbar', 'aria-label': label, 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(pct(done, total)) }, bar);
}

function boardView() {
  const b = P.board;
  const head = h('div', { class: 'plan-day' },
    h('div', { class: 'plan-day-text' },
      h('h2', { class: 'plan-date', text: dayTitle(b.date) }),
      h('p', { class: 'plan-total', text: b.total ? `${b.done} of ${b.total} done` : 'Nothing planned yet' })),
    progress(b.done, b.total, `Today, ${pct(b.done, b.total)}% complete`));
  const cards = b.regions.map((r) => {
    const [, , ic] = REGIONS.find(([id]) => id === r.region);
    const must = r.must[0];
    return h('li', null, h('a', { class: 'region-card rc-' + r.region, href: '#/plan/' + r.region, 'aria-label': regionLabel(r), 'data-region': r.region },
      h('span', { class: 'rc-head' }, icon(ic), h('span', { class: 'rc-name', text: r.name }), h('span', { class: 'rc-pct', text: r.total ? pct(r.done, r.total) + '%' : '' })),
      h('span', { class: 'rc-must' + (must && must.status === 'done' ? ' is-done' : '') + (must ? '' : ' is-empty') },
        h('span', { class: 'rc-label', text: 'Must-Do' }),
        h('span', { class: 'rc-must-title', text: must ? must.title : 'Choose one thing that matters' })),
      h('span', { class: 'rc-counts' },
        h('span', { text: `${r.counts.complementary}/${r.limits.complementary} Complementary` }),
        h('span', { text: `${r.counts.misc}/${r.limits.misc} Misc` })),
      progress(r.done, r.total, `${r.name}, ${pct(r.done, r.total)}% complete`)));
  });
  cards.push(h('li', null, h('a', { class: 'region-card rc-backlog', href: '#/plan/backlog', 'aria-label': `Backlog, ${b.backlog} ${b.backlog === 1 ? 'task' : 'tasks'} waiting`, 'data-region': 'backlog' },
    h('span', { class: 'rc-head' }, icon('tray'), h('span', { class: 'rc-name', text: 'Backlog' })),
    h('span', { class: 'rc-big', text: String(b.backlog) }),
    h('span', { class: 'rc-counts' }, h('span', { text: b.backlog ? `${b.backlog === 1 ? 'task' : 'tasks'} waiting to be planned` : 'Nothing waiting' })))));
  return h('div', { class: 'plan-board' }, head,
    h('ul', { class: 'region-grid', 'aria-label': 'Regions' }, cards),
    h('p', { class: 'plan-hint', text: 'Each region holds 1 Must-Do, up to 3 Complementary and 5 Misc tasks. What is still open at midnight rolls into the Backlog.' }));
}

function dayTitle(iso) {
  const d = new Date(iso + 'T00:00:00Z');
  const text = d.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return iso === today() ? 'Today · ' + text : text;
}

/** Region tabs: navigation, and drop targets for a dragged task. */
function tabs(current) {
  const items = REGIONS.map(([id, name, ic]) => {
    const r = regionOf(id);
    return [id, name, ic, r ? `${r.done}/${r.total}` : ''];
  });
  items.push(['backlog', 'Backlog', 'tray', P.board ? String(P.board.backlog) : '']);
  return h('nav', { class: 'region-tabs', 'aria-label': 'Regions' },
    h('a', { class: 'rtab rtab-board', href: '#/plan', 'aria-label': 'Day board' }, icon('chevron', 'back')),
    items.map(([id, name, ic, count]) => h('a', {
      class: 'rtab', href: '#/plan/' + id, 'data-region': id, 'aria-current': id === current ? 'page' : null,
    }, icon(ic), h('span', { text: name }), count ? h('span', { class: 'rtab-count', text: count }) : null)));
}

function regionView(r) {
  if (!r) return h('p', { class: 'plan-hint', text: 'Unknown region.' });
  const list = h('ul', { class: 'plan-list', id: 'plan-list', 'aria-label': `${r.name} tasks` });
  for (const [bucket, name, limit] of BUCKETS) {
    const tasks = r[bucket];
    const full = tasks.length >= limit;
    list.append(h('li', { class: 'pgroup pg-' + bucket, 'data-bucket': bucket },
      h('h2', { class: 'pgroup-head', id: 'pg-' + bucket },
        h('span', { text: name }), h('span', { class: 'pgroup-count', text: `${tasks.length}/${limit}` }))));
    for (const t of tasks) list.append(planRow(t, bucket));
    const input = h('input', {
      class: 'padd-input', type: 'text', 'data-bucket': bucket, enterkeyhint: 'done', autocomplete: 'off',
      'aria-label': `Add to ${r.name} ${name}`, placeholder: full ? `${name} is full (${limit} of ${limit})` : ADD_HINT[bucket],
    });
    const form = h('form', { class: 'padd' + (full ? ' is-full' : ''), 'data-bucket': bucket }, icon('plus'), input);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      act(async () => {
        await post('/plan/tasks', { text, region: r.region, bucket });
        input.value = '';
      });
    });
    // A region's one Must-Do, once chosen, needs no add field; a full bucket says so in its field.
    list.append(h('li', { class: 'padd-row', 'data-bucket': bucket, hidden: bucket === 'must' && full }, form));
  }
  wireList(list, r.region);
  return h('div', { class: 'region-focus rf-' + r.region },
    h('div', { class: 'plan-day' },
      h('div', { class: 'plan-day-text' },
        h('h2', { class: 'plan-date', text: `${r.name} · ${dayTitle(P.board.date)}` }),
        h('p', { class: 'plan-total', text: r.total ? `${r.done} of ${r.total} done` : 'Nothing planned yet' })),
      progress(r.done, r.total, regionLabel(r))),
    list);
}

function planRow(t, bucket) {
  const done = t.status === 'done' || t.status === 'cancelled';
  const meta = [];
  if (t.carry_count) meta.push(h('span', { class: 'pchip carry', title: `Carried over ${t.carry_count}×` }, icon('repeat'), h('span', { text: `${t.carry_count}×` }), h('span', { class: 'sr', text: ' carried over' })));
  if (t.due && !done) meta.push(h('span', { class: 'pchip' + (hasPassed(t.due) ? ' overdue' : ''), text: 'Due ' + relDate(t.due) }));
  if (t.project) meta.push(h('span', { class: 'pchip muted', text: t.project }));
  return h('li', { class: 'ptask pt-' + bucket + (done ? ' is-done' : ''), 'data-id': t.id, 'data-bucket': bucket || '' },
    h('div', { class: 'ptask-inner' },
      h('button', { type: 'button', class: 'check prio-' + (t.priority || 'none'), 'aria-label': (done ? 'Reopen ' : 'Complete ') + t.title, 'aria-pressed': String(done), onclick: () => toggleDone(t) }, icon('check')),
      h('div', { class: 'ptask-main' },
        h('button', { type: 'button', class: 'ptitle', text: t.title, onclick: () => P.ctx.openEditor(t.id) }),
        meta.length ? h('div', { class: 'pmeta' }, meta) : null),
      h('button', { type: 'button', class: 'icon-btn pmove', 'aria-label': `Move ${t.title}`, title: 'Move to…', onclick: () => moveSheet(t) }, icon('dots'))));
}

function toggleDone(t) {
  const done = t.status === 'done' || t.status === 'cancelled';
  act(() => post(`/tasks/${ref(t.id)}/${done ? 'reopen' : 'complete'}`), done ? null : `Completed “${t.title}”.`);
}

function wireList(list, region) {
  P.list = sortable(list, {
    items: '.ptask', groups: '.pgroup', ignore: 'input, button.check, .pmove',
    targets: '.rtab[data-region]',
    onDrop: (el, { before, group, fromGroup }) => {
      const id = el.dataset.id;
      const bucket = group ? group.dataset.bucket : el.dataset.bucket;
      const sameBucket = before && before.dataset.bucket === bucket ? before.dataset.id : null;
      act(async () => {
        if (!fromGroup || !group || group !== fromGroup) await post(`/tasks/${ref(id)}/plan`, { region, bucket });
        await post(`/tasks/${ref(id)}/plan/move`, { before: sameBucket });
      });
    },
    onDropTarget: (el, tab) => dropOnRegion(el.dataset.id, el.dataset.bucket, tab.dataset.region),
  });
}

function dropOnRegion(id, bucket, target) {
  if (target === 'backlog') { act(() => del(`/tasks/${ref(id)}/plan`), 'Moved to the Backlog.'); return; }
  act(() => post(`/tasks/${ref(id)}/plan`, { region: target, bucket: bucket || 'misc' }), `Moved to ${REGION_NAME[target]}.`);
}

// ---------- Backlog ----------
function backlogView() {
  const groups = (P.backlog && P.backlog.groups) || [];
  if (!groups.length) {
    return h('div', { class: 'empty' },
      h('div', { class: 'empty-icon' }, icon('tray')),
      h('p', { class: 'empty-title', text: 'The Backlog is empty' }),
      h('p', { text: 'Tasks still open at the end of their day wait here, without piling up as overdue.' }));
  }
  const list = h('ul', { class: 'plan-list backlog-list', id: 'plan-list', 'aria-label': 'Backlog' });
  for (const g of groups) {
    list.append(h('li', { class: 'pgroup', 'data-group': g.name },
      h('h2', { class: 'pgroup-head' }, h('span', { text: g.name }), h('span', { class: 'pgroup-count', text: String(g.tasks.length) }))));
    for (const t of g.tasks) {
      const row = planRow(t, '');
      const btn = h('button', { type: 'button', class: 'btn btn-small pto', 'aria-label': `Move ${t.title} to a region`, onclick: () => moveSheet(t) }, h('span', { text: 'Move to region' }));
      $('.pmove', row).replaceWith(btn);
      list.append(row);
    }
  }
  P.list = sortable(list, {
    items: '.ptask', groups: '.pgroup', ignore: 'input, button',
    targets: '.rtab[data-region]',
    onDrop: () => load(), // the backlog has no manual order: put the row back
    onDropTarget: (el, tab) => dropOnRegion(el.dataset.id, 'misc', tab.dataset.region),
  });
  return h('div', { class: 'backlog-view' }, list);
}

// ---------- Moving ----------
/** A sheet with every region × bucket (with how full each is) and, for a planned task, the Backlog. */
function moveSheet(t) {
  let s;
  const planned = t.region && t.region !== 'backlog' && t.plan_date;
  const body = h('div', { class: 'move-grid' }, REGIONS.map(([id, name, ic]) => {
    const r = regionOf(id);
    return h('div', { class: 'move-region', role: 'group', 'aria-label': name },
      h('h3', { class: 'move-head' }, icon(ic), h('span', { text: name })),
      h('div', { class: 'move-buckets' }, BUCKETS.map(([bucket, bname, limit]) => {
        const n = r ? r[bucket].length : 0;
        const here = planned && t.region === id && t.bucket === bucket;
        return h('button', {
          type: 'button', class: 'move-btn' + (n >= limit ? ' is-full' : ''), 'aria-pressed': String(!!here),
          'aria-label': `${name} ${bname}, ${n} of ${limit}`,
          onclick: () => { s.close(); act(() => post(`/tasks/${ref(t.id)}/plan`, { region: id, bucket }), `Planned for ${name}.`); },
        }, h('span', { class: 'move-bucket', text: bname }), h('span', { class: 'move-count', text: `${n}/${limit}` }));
      })));
  }));
  const actions = planned ? [{ label: 'Back to Backlog', onClick: (close) => { close(); act(() => del(`/tasks/${ref(t.id)}/plan`), 'Moved to the Backlog.'); } }] : [];
  s = sheet(`Move “${t.title}”`, body, actions, { cls: 'sheet-move' });
}

/** Plan tasks from the Today view into this region: each unplanned one with its three buckets. */
async function pickFromToday(region) {
  let listing;
  try { listing = await get('/tasks?view=today'); } catch (e) { showError(e); return; }
  const tasks = listing.groups.flatMap((g) => g.tasks).filter((t) => !(t.plan_date === P.board.date && t.region !== 'backlog'));
  let s;
  const body = tasks.length
    ? h('ul', { class: 'pick-list' }, tasks.map((t) => h('li', { class: 'pick-row' },
      h('span', { class: 'pick-title', text: t.title }),
      h('span', { class: 'pick-btns' }, BUCKETS.map(([bucket, bname]) => h('button', {
        type: 'button', class: 'btn btn-small', text: bname, 'aria-label': `Plan ${t.title} as ${bname}`,
        onclick: () => { s.close(); act(() => post(`/tasks/${ref(t.id)}/plan`, { region, bucket }), `Planned for ${REGION_NAME[region]}.`); },
      }))))))
    : h('p', { class: 'plan-hint', text: 'Everything in Today is already planned.' });
  s = sheet(`Plan from Today into ${REGION_NAME[region]}`, body, [], { cls: 'sheet-pick' });
}
