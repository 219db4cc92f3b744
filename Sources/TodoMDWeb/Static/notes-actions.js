// The notes screen's actions: pin or unpin, delete (a draft is only discarded), make tasks from
// the selected lines, the preview, and select mode's bulk delete and pin.
import { kids, $ } from './util.js';
import { post, ref } from './api.js';
import { toast, showError, confirmSheet } from './ui.js';
import { selectedLines } from './notes-format.js';
import { renderMarkdown } from './notes-markdown.js';

// What the actions need of the notes screen, given once: {N (its state), sel (select mode),
// flush(), save(), saveSoon, untouched(n), setNote(n), renderLinked(), status(text), loadList()}.
let E = null;
export function initNoteActions(e) { E = e; }

export async function togglePin() {
  const { N, flush, save, loadList } = E;
  if (!N.conflict) await flush();
  if (!N.note) return;
  try {
    let n;
    if (N.note.draft) { // pinning a new note writes it
      N.note.pinned = !N.note.pinned;
      N.dirty = true;
      await save();
      n = N.note;
    } else {
      n = await post(`/notes/${ref(N.note.id)}/${N.note.pinned ? 'unpin' : 'pin'}`);
      if (!N.conflict) N.hash = n.hash;
      N.note.pinned = n.pinned;
    }
    const b = $('.note-pin-btn');
    b.setAttribute('aria-pressed', String(n.pinned));
    b.setAttribute('aria-label', n.pinned ? 'Unpin note' : 'Pin note');
    b.title = n.pinned ? 'Unpin' : 'Pin';
    toast(n.pinned ? 'Pinned.' : 'Unpinned.');
    loadList();
  } catch (e) { showError(e); }
}

export async function deleteNote() {
  const { N, save, saveSoon, untouched } = E;
  const n = N.note;
  if (!n) return;
  if (n.draft && !N.saving) { // never written: nothing to move to the trash
    if (!untouched(n) && !await confirmSheet('Discard this note?', 'It has not been saved yet.', 'Discard')) return;
    saveSoon.cancel();
    N.dirty = false;
    N.note = null;
    N.ctx.go('#/notes');
    return;
  }
  if (!await confirmSheet('Delete this note?', `“${n.title}” moves to the vault’s .trash/Notes folder, where Undo finds it.`)) return;
  saveSoon.cancel();
  if (N.saving) await N.saving;
  N.dirty = false;
  N.conflict = null;
  n.deleting = true; // its own deletion's live event must not reload it
  try {
    const { deleted } = await post('/notes/delete', { ids: [n.id] });
    toast(`Deleted “${n.title}”.`, { action: 'Undo', onAction: () => restoreNotes(deleted) });
    N.note = null;
    N.ctx.go('#/notes');
  } catch (e) { n.deleting = false; showError(e); }
}

export async function makeTasks() {
  const { N, flush, setNote, renderLinked, status } = E;
  const ta = $('#note-body');
  if (!ta || !N.note) return;
  const lines = selectedLines(ta);
  if (N.conflict) { status('Not saved: changed in the file'); return; }
  await flush();
  if (!N.note || !N.note.id) return;
  try {
    const res = await post(`/notes/${ref(N.note.id)}/tasks`, lines.length === 1 ? { line: lines[0] } : { lines });
    setNote(res.note);
    const pos = ta.selectionStart;
    ta.value = N.note.body;
    ta.setSelectionRange(Math.min(pos, ta.value.length), Math.min(pos, ta.value.length));
    renderLinked();
    status('Saved');
    const made = res.tasks || [];
    toast(made.length === 1 ? `Created task “${made[0].title}”.` : `Created ${made.length} tasks.`, { action: 'Show', onAction: () => N.ctx.go('#/view/inbox') });
    N.ctx.refresh();
  } catch (e) { showError(e); }
}

/** The preview: the Markdown drawn with DOM nodes (never as HTML). */
export function togglePreview() {
  const btn = $('.note-preview-btn'), box = $('#note-preview'), ta = $('#note-body'), tools = $('.note-tools');
  const on = btn.getAttribute('aria-pressed') !== 'true';
  btn.setAttribute('aria-pressed', String(on));
  if (on) kids(box, renderMarkdown(ta.value));
  box.hidden = !on;
  ta.hidden = on;
  tools.hidden = on;
  (on ? box : ta).focus();
}

/** Deletes the notes `ids` (to the trash), after asking; select mode ends. */
export async function bulkDelete(ids) {
  const { N, sel, loadList } = E;
  if (!ids.length) return;
  const what = ids.length === 1 ? '1 note' : `${ids.length} notes`;
  if (!await confirmSheet(`Delete ${what}?`, 'They move to the vault’s .trash/Notes folder, where Undo finds them.')) return;
  try {
    const { deleted } = await post('/notes/delete', { ids });
    toast(`Deleted ${what}.`, { action: 'Undo', onAction: () => restoreNotes(deleted) });
    if (N.note && ids.includes(N.note.id)) { N.note = null; N.ctx.go('#/notes'); }
  } catch (e) { showError(e); }
  sel.set(false);
  loadList();
}

/** Undoes a delete: `deleted` is what `POST /notes/delete` answered. The notes come back in
 *  Notes/ (beside a note that took the name since). */
async function restoreNotes(deleted) {
  try {
    const { notes } = await post('/notes/restore', { deleted });
    toast(notes.length === 1 ? `Restored “${notes[0].title}”.` : `Restored ${notes.length} notes.`);
  } catch (e) { showError(e); }
  E.loadList();
}

/** Pins or unpins the notes `ids`; select mode ends. */
export async function bulkPin(ids, pinned) {
  const { sel, loadList } = E;
  for (const id of ids) {
    try { await post(`/notes/${ref(id)}/${pinned ? 'pin' : 'unpin'}`); } catch (e) { showError(e); }
  }
  sel.set(false);
  loadList();
}
