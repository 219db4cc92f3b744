// The board (#/board/ID, §25): a view's or perspective's tasks as cards in one column per value of
// a key (status by default; priority, project, area, tag, plan region), chosen on the board.
// Moving a card sets the field through one server call (POST /tasks/{ref}/column): the core
// decides what a column means (into Done completes, out of it reopens, a tag column replaces the
// tag). Cards move by drag (drag.js, in two dimensions onto the columns), by Shift+←/→, or by the
// card's "Move to…" menu; arrows move the focus; every move is announced.
import { h, kids, $, $$, icon, loadStyle, relDate, datePart, hasPassed, today, store, minutesText, PRIORITY_LABEL } from './util.js';
import { get, post, ref, qs } from './api.js';
import { toast, showError, chooseSheet } from './ui.js';
import { sortable } from './drag.js';
import { viewHref, perspHref, boardHref } from './router.js';
import { boardSource, lastActive } from './state.js';
import { hasOpenSubtasks, askSubtasks } from './nesting.js';
import { undoCompletion } from './undo.js';

const KEYS = [['status', 'Status'], ['priority', 'Priority'], ['project', 'Project'], ['area', 'Area'], ['tag', 'Tag'], ['region', 'Plan region']];
// The board's state: the route, what the server answered, the card the keyboard is on.
const B = { active: false, route: null, ctx: null, data: null, seq: 0, busy: 0, focus: null, dnd: null };

const keyOf = (id) => store.get('board.key.' + id, 'status');
const source = () => boardSource(B.route);

/** Shows the board of `route` ({kind: 'board', id}); without an id, the board of the last list. */
export async function showBoard(route, ctx) {
  if (!route.id) {
    const m = /^#\/(view|perspective)\/([^?]*)/.exec(lastActive() || '');
    let id = 'today';
    try { if (m) id = decodeURIComponent(m[2]); } catch { /* keep today */ }
    location.replace(boardHref(id));
    return;
  }
  B.ctx = ctx;
  if (!B.active || !B.route || B.route.id !== route.id) { B.data = null; B.focus = null; }
  B.route = route;
  B.active = true;
  await loadStyle('board.css');
  $('#app').classList.add('board-mode');
  let view = $('#board-view');
  if (!view) {
    const cols = h('div', { class: 'board-cols', id: 'board-cols' });
    view = h('section', { id: 'board-view', class: 'board-view', 'aria-labelledby': 'view-title' },
      cols, h('p', { id: 'board-live', class: 'sr', 'aria-live': 'polite' }));
    $('#scroll').append(view);
    wire(view, cols);
  }
  $('#scroll').scrollTop = 0;
  renderHeader();
  await load();
}

/** Leaves the board and gives the page back to the list. */
export function hideBoard() {
  if (!B.active) return;
  B.active = false;
  B.data = null;
  $('#app').classList.remove('board-mode');
  const view = $('#board-view');
  if (view) view.remove();
  B.dnd = null;
}

/** Something changed in the vault: reload (after a drag or a move under way). */
export function boardChanged() {
  if (!B.active || B.busy) return;
  if (document.body.classList.contains('is-dragging') || (B.dnd && B.dnd.pressed())) { setTimeout(boardChanged, 250); return; }
  load();
}

/** The list's shortcuts that mean nothing on a board are the board's (it handles its own keys). */
export const boardKey = (e) => ['j', 'k', 'x', 'd', 'e', 'n', 'Enter', 'ArrowDown', 'ArrowUp'].includes(e.key);

// ---------- Data ----------
async function load() {
  const seq = ++B.seq;
  const src = source();
  try {
    const data = await get('/board' + qs({ [src.kind]: src.id, key: keyOf(B.route.id) }));
    if (seq !== B.seq || !B.active) return;
    B.data = data;
    render();
  } catch (e) {
    if (seq !== B.seq) return;
    if (e.status === 404) toast(`“${B.route.id}” was not found.`, { error: true });
    else showError(e);
  }
}

// ---------- Header ----------
function renderHeader() {
  const id = B.route.id;
  const src = source();
  const sb = B.ctx.sidebar && B.ctx.sidebar();
  const p = src.kind === 'perspective' && sb ? (sb.perspectives || []).find((x) => x.id === id) : null;
  const scoped = /^(area|project|tag):(.*)$/.exec(id);
  const builtIn = sb && (sb.views || []).find((v) => v.id === id);
  const name = (B.data && B.data.name) || (p && p.name) || (scoped && scoped[2]) || (builtIn && builtIn.name) || '';
  $('#view-title').replaceChildren(icon('columns', 'title-icon'), h('span', { text: name }), h('span', { class: 'title-sub', text: ' Board' }));
  document.title = `${name ? name + ' board' : 'Board'} · todo.md`;
  kids($('#head-actions'),
    h('a', { class: 'icon-btn', href: src.kind === 'view' ? viewHref(id) : perspHref(id), 'aria-label': 'Show as list', title: 'Show as list' }, icon('list')));
  const key = keyOf(id);
  const select = h('select', { class: 'input select', id: 'board-key', onchange: (e) => { store.set('board.key.' + id, e.target.value); B.focus = null; load(); } },
    KEYS.map(([k, label]) => h('option', { value: k, text: label, selected: k === key })));
  kids($('#toolbar'), h('label', { class: 'board-key', for: 'board-key' }, h('span', { class: 'flabel', text: 'Columns' })), select, h('span', { class: 'grow' }));
}

// ---------- Drawing ----------
const columns = () => (B.data ? B.data.columns : []);
const colName = (c) => (B.data.key === 'tag' && c.value ? '#' + c.name : c.name);
const colId = (i) => 'bcol-' + i;

function render() {
  const cols = $('#board-cols');
  if (!cols || !B.data) return;
  renderHeader();
  const view = $('#board-view');
  const hadFocus = view.contains(document.activeElement) && document.activeElement.closest('.card');
  const keep = cols.scrollLeft;
  cols.replaceChildren(...columns().map(column));
  cols.scrollLeft = keep;
  const cur = currentCard();
  setRoving(cur);
  if (hadFocus && cur) focusCard(cur);
}

function column(c, i) {
  const n = c.tasks.length;
  return h('section', { class: 'board-col', 'data-col': String(i), 'aria-labelledby': colId(i) },
    h('h2', { class: 'board-col-head', id: colId(i) },
      h('span', { class: 'board-col-name', text: colName(c) }),
      h('span', { class: 'board-count' }, h('span', { class: 'sr', text: ', ' }), String(n), h('span', { class: 'sr', text: n === 1 ? ' task' : ' tasks' }))),
    h('ul', { class: 'board-cards', 'aria-labelledby': colId(i) }, c.tasks.map((t) => card(t, c, i))),
    n ? null : h('p', { class: 'board-empty', text: 'No tasks. Drag one here.' }));
}

function card(t, c, i) {
  const key = B.data.key;
  const done = t.status === 'done' || t.status === 'cancelled';
  const meta = [];
  if (t.due && !done) {
    const over = hasPassed(t.due);
    meta.push(h('span', { class: 'chip ' + (over ? 'overdue' : datePart(t.due) === today() ? 'due-today' : 'due') }, over ? h('span', { class: 'sr', text: 'Overdue: ' }) : null, h('span', { text: 'Due ' + relDate(t.due) })));
  }
  if (key !== 'priority' && t.priority && t.priority !== 'none') meta.push(h('span', { class: 'chip prio-chip prio-' + t.priority, text: PRIORITY_LABEL[t.priority] }));
  if (key !== 'project' && t.project) meta.push(h('span', { class: 'chip pill' }, icon('folder'), h('span', { text: t.project })));
  if (key !== 'tag') for (const tag of t.tags || []) meta.push(h('span', { class: 'chip tag', text: '#' + tag }));
  if (key !== 'status' && t.status === 'in-progress') meta.push(h('span', { class: 'chip progress', text: 'In progress' }));
  if (t.estimated_minutes != null) meta.push(h('span', { class: 'chip muted' }, icon('clock'), h('span', { text: minutesText(t.estimated_minutes) })));
  if (t.recurrence) meta.push(h('span', { class: 'chip muted', title: 'Repeats' }, icon('repeat'), h('span', { class: 'sr', text: 'Repeats' })));
  return h('li', { class: 'card' + (done ? ' is-done' : ''), 'data-id': t.id, 'data-col': String(i) },
    h('div', { class: 'card-inner' },
      h('button', { type: 'button', class: 'card-title', 'aria-keyshortcuts': 'Shift+ArrowLeft Shift+ArrowRight' },
        h('span', { text: t.title }), h('span', { class: 'sr', text: `, in ${colName(c)}` })),
      h('button', { type: 'button', class: 'icon-btn card-move', 'aria-label': `Move “${t.title}” to…`, title: 'Move to…', 'aria-haspopup': 'dialog' }, icon('dots')),
      meta.length ? h('div', { class: 'card-meta' }, meta) : null));
}

// ---------- Focus (one card is in the tab order; arrows move between cards) ----------
const cardEls = (i) => $$(`#board-cols .board-col[data-col="${i}"] .card`);
const cardAt = (id, col) => $$('#board-cols .card').find((el) => el.dataset.id === id && (col == null || el.dataset.col === String(col)));

function currentCard() {
  const f = B.focus;
  return (f && (cardAt(f.id, f.col) || cardAt(f.id))) || $('#board-cols .card');
}

function setRoving(cur) {
  for (const b of $$('#board-cols .card-title, #board-cols .card-move')) b.tabIndex = b.closest('.card') === cur ? 0 : -1;
}

function focusCard(el) {
  if (!el) return;
  B.focus = { id: el.dataset.id, col: Number(el.dataset.col) };
  setRoving(el);
  $('.card-title', el).focus({ preventScroll: true });
  el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** The card next to `el`: `dy` up or down its column, or in the nearest column `dx` away that has cards. */
function neighbour(el, dx, dy) {
  const col = Number(el.dataset.col);
  const list = cardEls(col);
  const at = list.indexOf(el);
  if (dy) return list[Math.max(0, Math.min(list.length - 1, at + dy))];
  for (let c = col + dx; c >= 0 && c < columns().length; c += dx) {
    const other = cardEls(c);
    if (other.length) return other[Math.min(at, other.length - 1)];
  }
  return el;
}

// ---------- Moving ----------
function announce(text) {
  const live = $('#board-live');
  if (!live) return;
  live.textContent = '';
  // A new text node each time, so the same words twice are still read.
  setTimeout(() => { live.textContent = text; }, 30);
}

/** Moves the card of task `id` from column `from` to column `to` (indices). */
async function moveCard(id, from, to) {
  const cols = columns();
  if (to === from || !cols[to] || !cols[from]) return;
  const t = cols[from].tasks.find((x) => x.id === id);
  if (!t) return;
  const target = cols[to];
  const body = { key: B.data.key, value: target.value, from: cols[from].value };
  // Completing (or cancelling) a parent with open subtasks asks first, as the list does (§23).
  const ending = B.data.key === 'status' && (target.value === 'done' || target.value === 'cancelled');
  if (ending && hasOpenSubtasks(t)) {
    if ((await askSubtasks(t, target.value === 'done' ? 'complete' : 'cancel')) !== 'with') { const el = cardAt(id, from); if (el) focusCard(el); return; }
    body.with_subtasks = true;
  }
  B.busy++;
  let moved = null;
  try {
    moved = await post(`/tasks/${ref(id)}/column`, body);
  } catch (e) { showError(e); }
  B.busy--;
  if (moved) {
    B.focus = { id: moved.id, col: to };
    announce(`Moved “${t.title}” to ${colName(target)}.`);
    if (moved.undo) {
      const receipt = moved.undo;
      toast(`Completed “${t.title}”`, { action: 'Undo', onAction: () => undoCompletion(receipt).then(() => load()).catch(showError) });
    }
  }
  await load();
  const el = moved ? cardAt(moved.id, to) : cardAt(id, from);
  if (el) focusCard(el);
  if (B.ctx.refreshSidebar) B.ctx.refreshSidebar();
}

async function moveMenu(el) {
  const from = Number(el.dataset.col);
  const t = columns()[from].tasks.find((x) => x.id === el.dataset.id);
  const to = await chooseSheet(`Move “${t ? t.title : 'task'}” to`, columns().map((c, i) => ({ value: String(i), label: colName(c) + (i === from ? ' (here)' : '') })));
  if (to == null || Number(to) === from) { if (el.isConnected) focusCard(el); return; }
  moveCard(el.dataset.id, from, Number(to));
}

// ---------- Wiring ----------
function wire(view, cols) {
  cols.addEventListener('click', (e) => {
    const el = e.target.closest('.card');
    if (!el) return;
    B.focus = { id: el.dataset.id, col: Number(el.dataset.col) };
    setRoving(el);
    if (e.target.closest('.card-move')) { moveMenu(el); return; }
    B.ctx.openEditor(el.dataset.id);
  });
  cols.addEventListener('focusin', (e) => {
    const el = e.target.closest('.card');
    if (el) { B.focus = { id: el.dataset.id, col: Number(el.dataset.col) }; setRoving(el); }
  });
  view.addEventListener('keydown', (e) => {
    const el = e.target.closest && e.target.closest('.card');
    if (!el || e.ctrlKey || e.metaKey || e.altKey) return;
    const col = Number(el.dataset.col);
    const k = e.key;
    let next = null;
    if (e.shiftKey && (k === 'ArrowLeft' || k === 'ArrowRight')) {
      e.preventDefault();
      const to = col + (k === 'ArrowRight' ? 1 : -1);
      if (to >= 0 && to < columns().length) moveCard(el.dataset.id, col, to);
      return;
    }
    if (k === 'm') { e.preventDefault(); moveMenu(el); return; }
    if (k === 'ArrowDown' || k === 'j') next = neighbour(el, 0, 1);
    else if (k === 'ArrowUp' || k === 'k') next = neighbour(el, 0, -1);
    else if (k === 'ArrowRight') next = neighbour(el, 1, 0);
    else if (k === 'ArrowLeft') next = neighbour(el, -1, 0);
    else if (k === 'Home') next = cardEls(col)[0];
    else if (k === 'End') next = cardEls(col).slice(-1)[0];
    else if (k === 'e') { e.preventDefault(); B.ctx.openEditor(el.dataset.id); return; }
    else return;
    e.preventDefault();
    focusCard(next);
  });
  B.dnd = sortable(cols, {
    items: '.card', free: true, targets: '.board-col', scroller: cols, ignore: 'input, select, textarea, .card-move',
    enabled: () => !B.busy,
    onDrop: () => {},
    onDropTarget: (el, target) => moveCard(el.dataset.id, Number(el.dataset.col), Number(target.dataset.col)),
  });
}
