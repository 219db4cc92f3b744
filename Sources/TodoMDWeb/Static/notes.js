// Notes (§15): the #/notes screen — Pinned and Notes sections, a Markdown editor with a formatting
// toolbar, autosave, select mode with bulk delete, and tasks made from the selected lines.
// Note text is only ever put into the page as text (textarea value, textContent), never as HTML.
import { h, kids, $, icon as baseIcon, debounce } from './util.js';
import { get, post, patch, ref } from './api.js';
import { toast, showError } from './ui.js';
import { selectionMode } from './selection.js';
import { wrap, heading, listify, divider, onBodyKey } from './notes-format.js';
import { initNoteConflict, showNoteConflict, hideNoteConflict, keepAsCopy } from './notes-conflict.js';
import { initNoteActions, togglePin, deleteNote, makeTasks, togglePreview, bulkDelete, bulkPin } from './notes-actions.js';

const SAVE_DELAY = 700;
// `#/notes/.new`: a note not written yet. Hidden files are never notes (§15), so no note has this id.
const DRAFT = '.new';
const DEFAULT_TITLE = 'New note';

// Two icons the shared set lacks, drawn the same way (24×24 strokes in currentColor).
const EXTRA = {
  pin: 'M9 3h6l-1 6 4 4H6l4-4zM12 13v8',
  back: 'M15 6l-6 6 6 6',
};
function icon(name, cls) {
  const svg = baseIcon(name, cls);
  if (EXTRA[name]) svg.firstChild.setAttribute('d', EXTRA[name]);
  return svg;
}

const N = {
  active: false, ctx: null, list: null, note: null, hash: null, crlf: false,
  dirty: false, saving: null, seq: 0,
  conflict: null, // the file's version, when it changed while the user was typing (nothing saved since)
};

initNoteConflict({ N, save, openNote, setNote, showText, changed, status, loadList, defaultTitle: DEFAULT_TITLE });

// ---------- Select mode (selection.js) ----------
const sel = selectionMode({
  noun: 'note', nouns: 'notes', bar: 'notes-bulk',
  actions: [
    { label: 'Pin', icon: 'pin', run: (ids) => bulkPin(ids, true) },
    { label: 'Unpin', icon: 'pin', run: (ids) => bulkPin(ids, false) },
    { label: 'Delete', icon: 'trash', run: (ids) => bulkDelete(ids), danger: true },
  ],
  onToggle: () => { renderHeader(); renderList(); },
  onPick: (id) => {
    renderList();
    const b = $(`.notes-list [data-id="${CSS.escape(id)}"]`);
    if (b) b.focus();
  },
});

// ---------- Entry points (called by app.js) ----------

/** Shows the notes screen for `route` ({kind: 'notes', id}); `ctx.go(hash)` navigates. */
export async function showNotes(route, ctx) {
  N.ctx = ctx;
  const wasActive = N.active;
  N.active = true;
  $('#app').classList.add('notes-mode');
  let view = $('#notes-view');
  if (!view) {
    view = h('section', { id: 'notes-view', class: 'notes-view', 'aria-labelledby': 'view-title' });
    $('#scroll').append(view);
  }
  if (!wasActive) sel.reset();
  if (N.note && N.note.id !== route.id) await flush({ leaving: true });
  renderHeader();
  await loadList();
  if (route.id === DRAFT) openDraft();
  else if (route.id) await openNote(route.id);
  else closeNote();
}

/** Leaves the notes screen: saves what is pending and gives the page back to the task list. */
export function hideNotes() {
  if (!N.active) return;
  flush({ leaving: true });
  N.active = false;
  N.note = null;
  sel.reset();
  $('#app').classList.remove('notes-mode', 'note-open');
  const view = $('#notes-view');
  if (view) view.remove();
}

/** A note file changed (an `event: vault` for `Notes/ID.md`): refresh what is shown. */
export function notesChanged(file) {
  if (!N.active) return;
  loadList();
  const id = file.replace(/^Notes\//, '').replace(/\.md$/, '');
  if (N.note && N.note.id === id && !N.dirty && !N.saving && !N.conflict && !N.note.deleting) reloadOpenNote();
}

/** Keys on the notes screen (outside text fields): `n` writes a new note; the task list's keys
 *  (j/k, x, d, e, Enter) do nothing here. Returns whether the key was the notes screen's. */
export function notesKey(e) {
  if (e.key === 'n') { e.preventDefault(); newNote(); return true; }
  if (e.key === 'Escape' && sel.active) { sel.set(false); return true; }
  return ['j', 'k', 'x', 'd', 'e', 'Enter', 'ArrowDown', 'ArrowUp'].includes(e.key);
}


// Leaving the page (or the tab) saves what is pending.
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden' && N.active) flush(); });

// ---------- Header ----------
function renderHeader() {
  const t = $('#view-title');
  t.replaceChildren(icon('book', 'title-icon'), h('span', { text: 'Notes' }));
  document.title = 'Notes · todo.md';
  kids($('#head-actions'),
    sel.button(),
    h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'New note', title: 'New note', onclick: newNote }, icon('plus')));
  $('#toolbar').replaceChildren();
}

// ---------- List ----------
async function loadList() {
  const seq = ++N.seq;
  try {
    const data = await get('/notes');
    if (seq !== N.seq || !N.active) return;
    N.list = data;
    renderList();
  } catch (e) { showError(e); }
}

const dayText = (iso) => {
  const d = new Date(iso);
  if (isNaN(d)) return '';
  const now = new Date();
  if (d.toDateString() === now.toDateString()) return d.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return d.toLocaleDateString([], d.getFullYear() === now.getFullYear() ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' });
};

function noteItem(n) {
  const picked = sel.has(n.id);
  const current = N.note && N.note.id === n.id;
  const label = h('span', { class: 'note-item-main' },
    h('span', { class: 'note-item-title', text: n.title }),
    h('span', { class: 'note-item-sub' },
      h('span', { class: 'note-item-date', text: dayText(n.modified) }),
      h('span', { class: 'note-item-snippet', text: n.snippet || 'No additional text' })));
  const btn = sel.active
    ? h('button', { type: 'button', class: 'note-item' + (picked ? ' picked' : ''), 'aria-pressed': String(picked), 'data-id': n.id, onclick: () => sel.toggle(n.id) },
      h('span', { class: 'check pick', 'aria-hidden': 'true' }, icon('check')), label)
    : h('a', { class: 'note-item', href: '#/notes/' + encodeURIComponent(n.id), 'data-id': n.id, 'aria-current': current ? 'page' : null }, label,
      n.pinned ? h('span', { class: 'note-pin', title: 'Pinned' }, icon('pin'), h('span', { class: 'sr', text: 'Pinned' })) : null);
  return h('li', null, btn);
}

function renderList() {
  const view = $('#notes-view');
  if (!view || !N.list) return;
  let list = $('.notes-list', view);
  if (!list) {
    list = h('div', { class: 'notes-list' });
    view.prepend(list);
  }
  const notes = N.list.notes || [];
  const pinned = notes.filter((n) => n.pinned), others = notes.filter((n) => !n.pinned);
  const sectionOf = (title, items, id) => items.length ? h('section', { class: 'notes-section', 'aria-labelledby': id },
    h('h2', { class: 'notes-head', id, text: title }),
    h('ul', { class: 'notes-ul' }, items.map(noteItem))) : null;
  const problems = (N.list.unreadable || []).map((u) => h('p', { class: 'notes-problem', text: `${u.path} could not be read: ${u.reason}` }));
  kids(list,
    notes.length ? null : h('div', { class: 'empty' },
      h('div', { class: 'empty-icon' }, icon('book')),
      h('p', { class: 'empty-title', text: 'No notes yet' }),
      h('p', { class: 'empty-text', text: 'Notes are Markdown files in the vault’s Notes folder.' }),
      h('button', { type: 'button', class: 'btn btn-primary notes-new', onclick: newNote }, icon('plus'), h('span', { text: 'New note' }))),
    sectionOf('Pinned', pinned, 'notes-pinned'),
    sectionOf(pinned.length ? 'Notes' : 'All notes', others, 'notes-others'),
    problems);
  sel.renderBar();
}

// ---------- Creating ----------
/** "New note": an editor for a note that is written only once it has a title of its own or some
 *  text (as in Apple Notes, one left as it was leaves no file behind). */
async function newNote() {
  if (location.hash === '#/notes/' + DRAFT) { await flush({ leaving: true }); openDraft(); } else N.ctx.go('#/notes/' + DRAFT);
}

function openDraft() {
  if (N.note && N.note.draft && $('#note-editor')) { focusDraftTitle(); return; }
  N.note = { id: null, draft: true, title: DEFAULT_TITLE, body: '', pinned: false, tasks: [] };
  N.hash = null;
  N.crlf = false;
  N.dirty = false;
  N.conflict = null;
  renderEditor();
  status('');
}

function focusDraftTitle() { const t = $('#note-title'); if (t) { t.focus(); t.select(); } }

/** Whether a draft holds nothing worth a file yet. */
const untouched = (n) => n.draft && n.title.trim() === DEFAULT_TITLE && !n.body.trim() && !n.pinned;

// ---------- Editor ----------
async function openNote(id, force = false) {
  if (!force && N.note && N.note.id === id && $('#note-editor')) return;
  try {
    const n = await get(`/notes/${ref(id)}`);
    if (!N.active) return;
    setNote(n);
    renderEditor();
  } catch (e) {
    if (e.status === 404) { toast('That note is gone.', { error: true }); N.ctx.go('#/notes'); } else showError(e);
  }
}

async function reloadOpenNote() {
  try {
    const n = await get(`/notes/${ref(N.note.id)}`);
    if (n.hash === N.hash || N.dirty) return;
    setNote(n);
    const ta = $('#note-body'), title = $('#note-title');
    if (ta && document.activeElement !== ta) ta.value = N.note.body;
    else if (ta) { const s = ta.selectionStart, e = ta.selectionEnd; ta.value = N.note.body; ta.setSelectionRange(Math.min(s, ta.value.length), Math.min(e, ta.value.length)); }
    if (title && document.activeElement !== title) title.value = n.title;
    renderLinked();
    status('Updated from disk');
  } catch (e) {
    if (e.status === 404) { toast('This note was deleted elsewhere.'); N.note = null; N.ctx.go('#/notes'); }
  }
}

function setNote(n) {
  // A textarea turns CRLF into LF; remember the file's line ending and write it back the same way.
  N.crlf = /\r\n/.test(n.body);
  N.note = { ...n, body: n.body.replace(/\r\n/g, '\n') };
  N.hash = n.hash;
  N.dirty = false;
  N.conflict = null;
}

function closeNote() {
  N.note = null;
  $('#app').classList.remove('note-open');
  const ed = $('#note-editor');
  if (ed) ed.remove();
  renderList();
}

const TOOLS = [
  ['bold', 'Bold', 'B', () => wrap('**')], ['italic', 'Italic', 'I', () => wrap('*')],
  ['h1', 'Heading', 'H1', () => heading(1)], ['h2', 'Subheading', 'H2', () => heading(2)],
  ['bullets', 'Bulleted list', '•', () => listify('bullet')], ['numbers', 'Numbered list', '1.', () => listify('number')],
  ['divider', 'Divider', '—', divider],
];

function renderEditor() {
  const view = $('#notes-view');
  if (!view || !N.note) return;
  $('#app').classList.add('note-open');
  const n = N.note;
  const title = h('input', { id: 'note-title', class: 'note-title', value: n.title, 'aria-label': 'Note title', maxlength: '500', autocomplete: 'off' });
  const body = h('textarea', { id: 'note-body', class: 'note-body', 'aria-label': 'Note text (Markdown)', spellcheck: 'true', placeholder: 'Start writing…' });
  body.value = n.body;
  const tools = h('div', { class: 'note-tools', role: 'toolbar', 'aria-label': 'Formatting', 'aria-controls': 'note-body' },
    TOOLS.map(([k, label, glyph, fn]) => h('button', { type: 'button', class: 'note-tool t-' + k, 'aria-label': label, title: label + (k === 'bold' ? ' (Ctrl+B)' : k === 'italic' ? ' (Ctrl+I)' : ''), 'data-tool': k, onmousedown: (e) => e.preventDefault(), onclick: () => { fn(); body.focus(); } },
      h('span', { 'aria-hidden': 'true', text: glyph }))),
    h('span', { class: 'grow' }),
    h('button', { type: 'button', class: 'tool-btn note-make-task', onmousedown: (e) => e.preventDefault(), onclick: makeTasks, title: 'Make a task from each selected line' }, icon('check'), h('span', { text: 'Make task' })));
  const pin = h('button', { type: 'button', class: 'icon-btn note-pin-btn', 'aria-pressed': String(n.pinned), 'aria-label': n.pinned ? 'Unpin note' : 'Pin note', title: n.pinned ? 'Unpin' : 'Pin', onclick: togglePin }, icon('pin'));
  const bar = h('div', { class: 'note-bar' },
    h('a', { class: 'icon-btn note-back', href: '#/notes', 'aria-label': 'All notes' }, icon('back')),
    h('span', { id: 'note-status', class: 'note-status', role: 'status', 'aria-live': 'polite', text: 'Saved' }),
    h('span', { class: 'grow' }),
    h('button', { type: 'button', class: 'tool-btn note-preview-btn', 'aria-pressed': 'false', 'aria-label': 'Preview', onclick: togglePreview }, icon('book'), h('span', { text: 'Preview' })),
    pin,
    h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Delete note', title: 'Delete', onclick: deleteNote }, icon('trash')));
  const ed = h('article', { id: 'note-editor', class: 'note-editor', 'aria-label': 'Note' }, bar, title, tools, body,
    h('div', { id: 'note-preview', class: 'note-preview', hidden: true, tabindex: '0', 'aria-label': 'Preview' }),
    h('div', { id: 'note-linked', class: 'note-linked' }));
  const old = $('#note-editor');
  if (old) old.replaceWith(ed); else view.append(ed);
  title.addEventListener('input', () => { N.note.title = title.value; changed(); });
  title.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); body.focus(); body.setSelectionRange(0, 0); } });
  body.addEventListener('input', () => { N.note.body = body.value; changed(); });
  body.addEventListener('keydown', onBodyKey);
  body.addEventListener('blur', () => flush());
  title.addEventListener('blur', () => flush());
  renderLinked();
  renderList();
  // A new note: its title is selected, ready to be typed over.
  if (n.draft) focusDraftTitle();
}

function renderLinked() {
  const box = $('#note-linked');
  if (!box || !N.note) return;
  const tasks = N.note.tasks || [];
  kids(box, tasks.length ? [
    h('h3', { class: 'notes-head', text: 'Tasks from this note' }),
    h('ul', { class: 'note-tasks' }, tasks.map((t) => h('li', { class: 'note-task' + (t.status === 'done' || t.status === 'cancelled' ? ' is-done' : '') },
      h('span', { class: 'note-task-mark', 'aria-hidden': 'true', text: t.status === 'done' ? '✓' : '○' }),
      h('span', { class: 'note-task-title', text: t.title }),
      h('span', { class: 'note-task-line', text: `line ${t.line}` })))),
  ] : null);
}

function status(text) { const s = $('#note-status'); if (s) s.textContent = text; }

// ---------- Autosave ----------
const saveSoon = debounce(() => save(), SAVE_DELAY);

function changed() {
  N.dirty = true;
  status(N.conflict ? 'Not saved: changed in the file' : 'Editing…');
  saveSoon();
}

/** Saves now if anything is pending (and waits for a save in flight). While the file's change and
 *  the typing wait for the user's choice nothing is saved; `leaving` the note then keeps the
 *  typing as a conflict copy beside it. */
async function flush({ leaving = false } = {}) {
  saveSoon.cancel();
  const n = N.note;
  if (n && N.conflict) {
    if (!leaving) return;
    N.conflict = null;
    N.dirty = false;
    hideNoteConflict();
    return keepAsCopy(n);
  }
  if (N.saving) await N.saving;
  if (N.dirty) await save();
}

async function save() {
  if (!N.note || !N.dirty || N.conflict) return;
  if (N.saving) { await N.saving; return save(); }
  const n = N.note;
  const title = n.title.trim();
  if (!title) { status('A note needs a title'); return; }
  N.dirty = false;
  if (untouched(n)) { status(''); return; }
  status('Saving…');
  const body = N.crlf ? n.body.replace(/\n/g, '\r\n') : n.body;
  N.saving = (async () => {
    try {
      const saved = n.draft
        ? await post('/notes', { title, body, pinned: n.pinned })
        : await patch(`/notes/${ref(n.id)}`, { title, body, hash: N.hash });
      if (n.draft) {
        n.draft = false;
        n.id = saved.id;
        // The draft's address becomes the note's (replacing it: Back goes where it went before).
        if (N.active && N.note === n && location.hash === '#/notes/' + DRAFT) location.replace('#/notes/' + encodeURIComponent(saved.id));
      }
      if (N.note === n) { N.hash = saved.hash; n.tasks = saved.tasks; n.modified = saved.modified; n.pinned = saved.pinned; }
      if (N.note === n && !N.dirty) status('Saved');
      loadList();
    } catch (e) {
      N.dirty = true;
      if (e.status === 409 && N.note === n) {
        // Another program changed the file: never overwrite it, never drop the typing. Ask.
        const fresh = await get(`/notes/${ref(n.id)}`).catch(() => null);
        if (N.note === n) showNoteConflict(fresh);
      } else {
        status('Not saved');
        showError(e);
      }
    } finally { N.saving = null; }
  })();
  return N.saving;
}

/** Puts N.note's title and text into the editor, keeping the caret where it can. */
function showText() {
  const ta = $('#note-body'), title = $('#note-title');
  if (title) title.value = N.note.title;
  if (ta) { const s0 = ta.selectionStart, e0 = ta.selectionEnd; ta.value = N.note.body; ta.setSelectionRange(Math.min(s0, ta.value.length), Math.min(e0, ta.value.length)); }
  renderLinked();
}

// Inline Markdown: **bold**, *italic* or _italic_, ~~struck~~, `code`, [text](url), [[wikilinks]].

// Given last: `sel`, `saveSoon` and `untouched` are constants of this module, defined above.
initNoteActions({ N, sel, flush, save, saveSoon, untouched, setNote, renderLinked, status, loadList });
