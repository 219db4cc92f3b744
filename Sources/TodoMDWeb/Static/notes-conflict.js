// The notes editor's conflict handling: the note's file changed while the user was typing. Nothing
// is overwritten and the typing is never dropped: "Keep mine" writes it over the file, "Use the
// file's" shows the file (with "Bring mine back"), and leaving keeps it as a conflict copy.
import { h, $ } from './util.js';
import { post } from './api.js';
import { toast, showError } from './ui.js';

// What the banner needs of the notes screen, given once: {N (its state), save(), openNote(id, force),
// setNote(n), showText(), changed(), status(text), loadList(), defaultTitle}.
let E = null;
export function initNoteConflict(e) { E = e; }

/** The note's file changed while the user was typing: their text stays in the editor, unsaved,
 *  until they keep it (written over the file's) or take the file's (theirs can be brought back). */
export function showNoteConflict(fresh) {
  const { N, save, openNote, setNote, showText, changed, status } = E;
  N.conflict = fresh || { hash: null };
  status('Not saved: changed in the file');
  hideNoteConflict();
  const ed = $('#note-editor');
  if (!ed) return;
  const button = (label, cls, fn) => h('button', { type: 'button', class: 'btn btn-small ' + cls, text: label, onmousedown: (e) => e.preventDefault(), onclick: fn });
  const keepMine = () => {
    N.hash = N.conflict.hash || N.hash;
    N.conflict = null;
    hideNoteConflict();
    N.dirty = true;
    save();
  };
  const takeTheirs = () => {
    const typed = { title: N.note.title, body: N.note.body };
    const file = N.conflict;
    hideNoteConflict();
    if (!file.hash) { N.conflict = null; openNote(N.note.id, true); return; }
    setNote(file);
    showText();
    status('Updated from disk');
    toast('Showing the file’s version of this note; yours was not saved.', { action: 'Bring mine back', timeout: 12000, onAction: () => {
      if (!N.note || N.note.id !== file.id) return;
      N.note.title = typed.title;
      N.note.body = typed.body;
      showText();
      changed();
    } });
  };
  const box = h('div', { id: 'note-conflict', class: 'note-conflict', role: 'alert' },
    h('p', { text: 'This note changed in the file while you were writing. Nothing was overwritten, and your text is still here.' }),
    h('div', { class: 'note-conflict-actions' }, button('Keep mine', 'btn-primary', keepMine), button('Use the file’s', '', takeTheirs)));
  $('.note-bar', ed).after(box);
}

export function hideNoteConflict() { const b = $('#note-conflict'); if (b) b.remove(); }

/** Writes `n`'s unsaved text as a new note beside it (as sync's conflict copies do) and says so. */
export async function keepAsCopy(n) {
  const title = `${n.title.trim() || E.defaultTitle} (conflict copy)`;
  try {
    const copy = await post('/notes', { title, body: n.body });
    toast(`Your unsaved version was kept as “${copy.title}”.`, { timeout: 10000 });
    if (E.N.active) E.loadList();
  } catch (e) { showError(e); }
}
