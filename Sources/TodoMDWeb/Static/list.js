// The task list: loading the route's listing (each task in its row form, `fields=row`), drawing
// its groups and rows (a long list only near the screen, virtual.js), the keyboard cursor, select
// mode (selection.js) and drag and drop between rows and groups.
import { h, $, $$, icon, today } from './util.js';
import { get, post, patch, ref } from './api.js';
import { FIRST_ROWS, listingPath, listingAnswer } from './early.js';
import { handOver } from './first.js';
import { toast, showError, showApp } from './ui.js';
import { sortable } from './drag.js';
import { selectionMode } from './selection.js';
import { route, sidebar, listing, setListing, cursor, setCursor, animating, animStart, animEnd, viewKey, isDoneRoute, prefs, findTask } from './state.js';
import { loadSidebar } from './sidebar.js';
import { screenKey } from './router.js';
import { renderHeader, renderBanner, filterCount } from './header.js';
import { routeTitle } from './title.js';
import { planChanged, boardChanged, insightsChanged, trashChanged, openEditor } from './lazy.js';
import { complete, deferTasks, bulk } from './actions.js';
import { toggleFold, setParent } from './nesting.js';
import { calendarChanged } from './lazy.js';
import { virtualRows } from './virtual.js';
import { PRIORITIES, groupKey, layout, groupChange } from './list-groups.js';
import { listItems, listClass, WINDOW_FROM, drawItem, drawTaskRow } from './rows.js';

export { PRIORITIES, groupKey };

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

/** The row of task `t`, `depth` levels under listed parents (§23); `hasKids`: its children
 *  follow. Without a depth, the row of the list redrawn in place: its place in the list stays. */
export function taskRow(t, depth, hasKids) {
  const old = depth === undefined && rowEl(t.id);
  if (depth === undefined) { depth = old ? Number(old.dataset.depth || 0) : 0; hasKids = !!(old && old.classList.contains('has-kids')); }
  const li = drawTaskRow(t, depth, hasKids, taskSelection);
  if (old) for (const a of ['data-index', 'aria-setsize', 'aria-posinset']) if (old.hasAttribute(a)) li.setAttribute(a, old.getAttribute(a));
  return li;
}

let drawn = '';
const drawing = () => JSON.stringify([today(), groupKey(), layout()]);
let items = []; // what the list shows, in order (rows.js)
let windowed = null;

/** The element of list item `it` (its index is `i`). */
const itemEl = (it, i) => drawItem(it, i, taskRow);

/** Draws the listing of the state (keeping the focus on the row it was on). */
export function renderList() {
  const ul = $('#task-list');
  const L = listing();
  if (!L) return;
  drawn = drawing();
  const active = document.activeElement;
  const focusRow = active && active.closest && active.closest('#task-list .task');
  const focusId = focusRow && focusRow.dataset.id;
  const focusCls = focusRow && (active.classList.contains('check') ? '.check' : '.task-title');
  const { items: next, total, of } = listItems(L);
  const ids = new Set();
  for (const it of next) if (it.kind === 'task') ids.add(it.t.id);
  items = next;
  if (!windowed) windowed = virtualRows(ul, $('#scroll'), { make: itemEl, busy: () => document.body.classList.contains('is-dragging') });
  ul.className = listClass(of);
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
  // A click on the first screen's rows (first.js) before the list was wired reaches its row now.
  for (const { id, part } of handOver()) { const el = rowEl(id); const target = el && $(part, el); if (target) target.click(); }
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
