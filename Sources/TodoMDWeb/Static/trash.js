// The trash (#/trash, §5): the deleted tasks and notes waiting in the vault's .trash folder, most
// recent first (GET /trash), each with where it was and when it went. Put Back moves one back
// where it was (POST /trash/restore, or /notes/restore for a note, with the item as listed); its ×
// removes it for good, and Empty Trash all of them (POST /trash/empty), after asking.
import { h, kids, $, icon, loadStyle, instantText } from './util.js';
import { get, post } from './api.js';
import { showError, toast, confirmSheet } from './ui.js';

// The page's state: the listing drawn, the request under way.
const T = { active: false, items: null, seq: 0 };

const plural = (n) => (n === 1 ? '1 task' : `${n} tasks`);
/** "3 tasks", "1 task and 2 notes", "1 note". */
function counted(items) {
  const notes = items.filter((x) => x.kind === 'note').length, tasks = items.length - notes;
  const n = notes === 1 ? '1 note' : `${notes} notes`;
  return !notes ? plural(tasks) : !tasks ? n : `${plural(tasks)} and ${n}`;
}
/** "Today, 3 PM" → "today, 3 PM"; "Fri 27 Nov, …" → "on Fri 27 Nov, …". */
const lower = (s) => (/^(Today|Yesterday|\d+ days ago)/.test(s) ? s[0].toLowerCase() + s.slice(1) : 'on ' + s);

/** Shows the trash in the list's place. */
export async function showTrash() {
  T.active = true;
  await loadStyle('trash.css');
  if (!T.active) return;
  $('#app').classList.add('trash-mode');
  if (!$('#trash-view')) {
    $('#scroll').append(h('section', { id: 'trash-view', class: 'trash-view', 'aria-labelledby': 'view-title', 'aria-busy': 'true' }));
  }
  $('#scroll').scrollTop = 0;
  T.items = null;
  renderHeader();
  await load();
}

/** Leaves the page and gives it back to the list. */
export function hideTrash() {
  if (!T.active) return;
  T.active = false;
  T.items = null;
  $('#app').classList.remove('trash-mode');
  const view = $('#trash-view');
  if (view) view.remove();
}

/** Something changed in the vault (a task restored or deleted elsewhere): list again. */
export function trashChanged() { if (T.active) load(); }

/** The list's shortcuts mean nothing here (there is no list). */
export const trashKey = (e) => ['j', 'k', 'x', 'd', 'e', 'n', 'Enter', 'ArrowDown', 'ArrowUp'].includes(e.key);

async function load() {
  const seq = ++T.seq;
  try {
    const { trash } = await get('/trash');
    if (seq !== T.seq || !T.active) return;
    T.items = trash || [];
    render();
  } catch (e) { if (seq === T.seq) showError(e); }
}

function renderHeader() {
  $('#view-title').replaceChildren(icon('trash', 'title-icon'), h('span', { text: 'Trash' }));
  document.title = 'Trash · todo.md';
  const n = T.items ? T.items.length : 0;
  kids($('#head-actions'), n ? h('button', { type: 'button', class: 'btn btn-small btn-danger', id: 'trash-empty', onclick: emptyTrash }, icon('trash'), h('span', { text: 'Empty Trash' })) : null);
  kids($('#toolbar'), T.items ? h('p', { class: 'trash-sum', text: n ? `${counted(T.items)}, most recently deleted first` : '' }) : null);
}

function render() {
  const view = $('#trash-view');
  if (!view || !T.items) return;
  renderHeader();
  const focused = document.activeElement && view.contains(document.activeElement) ? document.activeElement.closest('li') : null;
  const at = focused ? [...view.querySelectorAll('.trash-row')].indexOf(focused) : -1;
  if (!T.items.length) {
    kids(view, h('div', { class: 'empty trash-none' }, h('div', { class: 'empty-icon' }, icon('trash')),
      h('p', { class: 'empty-title', text: 'The trash is empty' }),
      h('p', { class: 'empty-sub', text: 'Deleted tasks and notes wait here, with where they were, until the trash is emptied.' })));
  } else {
    kids(view, h('ul', { class: 'trash-list', 'aria-label': 'Deleted tasks and notes' }, T.items.map(row)));
  }
  view.setAttribute('aria-busy', 'false');
  // The keyboard stays in the list after a row goes: on the row that took its place.
  if (at >= 0) {
    const rows = view.querySelectorAll('.trash-row');
    const next = rows[Math.min(at, rows.length - 1)];
    (next ? next.querySelector('button') : $('#view-title')).focus();
  }
}

/** One deleted task or note: its title, where it was and when it went, and Put Back. */
function row(item) {
  const note = item.kind === 'note';
  const folder = !note && item.id && item.id.includes('/') ? item.id.slice(0, item.id.lastIndexOf('/')) : null;
  const closed = item.status === 'done' || item.status === 'cancelled';
  // Where it was when that was a folder; a file another program put there is said so.
  const when = instantText(item.deleted);
  // A file that does not read as a task (or note) is listed, and can be deleted for good, but not put back.
  const task = item.readable;
  const what = note ? (task ? 'Note' : 'Not a note file') : !task ? 'Not a task file' : closed ? (item.status === 'done' ? 'Done' : 'Cancelled') : null;
  const meta = [what,
    !note && !item.id ? `Deleted by another program ${lower(when)}` : folder ? `From ${folder}, deleted ${lower(when)}` : `Deleted ${lower(when)}`];
  return h('li', { class: 'trash-row' + (closed ? ' is-closed' : '') + (note ? ' is-note' : ''), 'data-path': item.trashed_to },
    h('div', { class: 'trash-main' },
      h('span', { class: 'trash-title', text: item.title }),
      h('span', { class: 'trash-meta', text: meta.filter(Boolean).join(' · ') })),
    task ? h('button', { type: 'button', class: 'btn btn-small', 'aria-label': `Put back “${item.title}”`, title: 'Put Back', onclick: () => putBack(item) },
      icon('undo'), h('span', { text: 'Put Back' })) : null,
    h('button', { type: 'button', class: 'icon-btn trash-forget', 'aria-label': `Delete “${item.title}” for good`, title: 'Delete for good', onclick: () => forget(item) },
      icon('x')));
}

async function putBack(item) {
  try {
    if (item.kind === 'note') {
      await post('/notes/restore', { deleted: [{ id: item.id, trashed_to: item.trashed_to }] });
      toast(`Put back “${item.title}” in Notes.`);
    } else {
      const { tasks } = await post('/trash/restore', { deleted: [{ trashed_to: item.trashed_to }] });
      const t = (tasks || [])[0];
      const folder = t && t.id.includes('/') ? t.id.slice(0, t.id.lastIndexOf('/')) : null;
      toast(`Put back “${item.title}”${folder ? ` in ${folder}` : ''}.`);
    }
  } catch (e) { showError(e); }
  load();
}

/** Removes one task for good, after asking. */
async function forget(item) {
  if (!(await confirmSheet('Delete for good?', `“${item.title}” will be removed for good. This cannot be undone.`, 'Delete for Good'))) return;
  try {
    await post('/trash/empty', { trashed_to: [item.trashed_to] });
    toast(`Removed “${item.title}” for good.`);
  } catch (e) { showError(e); }
  load();
}

async function emptyTrash() {
  const n = T.items ? T.items.length : 0;
  if (!n || !(await confirmSheet(`Empty the trash?`, `${counted(T.items)} will be removed for good. This cannot be undone.`, 'Empty Trash'))) return;
  try {
    // Only what was listed: a task deleted since stays.
    const { removed } = await post('/trash/empty', { trashed_to: T.items.map((x) => x.trashed_to) });
    const gone = T.items.filter((x) => removed.includes(x.trashed_to));
    toast(`Removed ${counted(gone)} for good.`);
  } catch (e) { showError(e); }
  load();
}
