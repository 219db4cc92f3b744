// The task editor's conflict banner: a field the user was editing changed in the file meanwhile.
// Nothing is overwritten; the banner offers "Keep mine" or "Use the file's". And leaving with
// typing not saved (Esc, the close button) asks before it is thrown away.
import { h, $ } from './util.js';
import { toast, confirmSheet } from './ui.js';

// What the banner needs of the editor, given once: {form(), task(), editBase, status(text),
// commitField(el), fill(skip), autosize(el), closeEditor()}.
let C = null;
export function initConflict(c) { C = c; }

// A question is open: the field it took focus from must not save on blur.
let asking = false;
/** Whether the editor is asking the user something (a field's change then waits). */
export const isAsking = () => asking;

let conflictBox = null; // the banner, when one is shown
/** The field the banner is about, or null when none is shown. */
export const conflictField = () => (conflictBox ? conflictBox.dataset.field : null);

export const FIELD_LABEL = { title: 'The title', description: 'The description', body: 'The notes', due: 'The due date', defer: 'The defer date',
  scheduled: 'The scheduled date', area: 'The area', project: 'The project', tags: 'The tags', estimated_minutes: 'The estimate',
  recurrence: 'The repeat rule', status: 'The status', priority: 'The priority', flagged: 'The flag', recurrence_mode: 'The repeat mode' };

/** The form element that edits `field`. */
export const fieldEl = (field) => C.form() && C.form().elements[field];

/** What the form shows for a task value. */
const shownValue = (field, v) => (field === 'tags' ? (v || []).join(', ') : field === 'flagged' ? (v ? 'on' : 'off') : String(v ?? ''));

export function showConflict(field) {
  const form = C.form(), cur = C.task(), { editBase, status, commitField, fill, autosize } = C;
  if (!form || !cur) return;
  const fileText = shownValue(field, cur[field]);
  status('Not saved'); // the banner says why
  if (conflictBox && conflictBox.dataset.field === field && conflictBox.dataset.theirs === fileText) return; // shown already
  hideConflict();
  const el = fieldEl(field);
  const mine = () => {
    if (!el) return undefined;
    if (field === 'flagged') return el.checked;
    if (field === 'tags') return undefined;
    return el.value;
  };
  const keepMine = () => {
    editBase.set(field, cur[field]);
    hideConflict();
    if (el) commitField(el);
  };
  const takeTheirs = () => {
    const typed = mine();
    editBase.delete(field);
    hideConflict();
    fill(null);
    status('');
    if (typed !== undefined && field !== 'flagged' && typed !== fileText) {
      const what = (FIELD_LABEL[field] || 'The field').replace(/^The /, '').toLowerCase();
      toast(`Showing the file’s version of the ${what}; yours was not saved.`, { action: 'Bring mine back', timeout: 12000, onAction: () => {
        const e2 = fieldEl(field);
        if (!e2 || !cur) return;
        editBase.set(field, cur[field]);
        e2.value = typed;
        if (e2.tagName === 'TEXTAREA') autosize(e2);
        e2.focus();
      } });
    }
  };
  // mousedown is cancelled so pressing a button does not blur (and so save) the field first.
  const button = (label, cls, fn) => h('button', { type: 'button', class: 'btn btn-small ' + cls, text: label, onmousedown: (e) => e.preventDefault(), onclick: fn });
  conflictBox = h('div', { class: 'd-conflict', role: 'alert', 'data-field': field, 'data-theirs': fileText },
    h('p', { class: 'd-conflict-text', text: `${FIELD_LABEL[field] || 'This field'} changed in the file while you were editing it. Nothing was overwritten.` }),
    fileText ? h('div', { class: 'd-conflict-theirs' }, h('span', { class: 'd-sublabel', text: 'In the file:' }), h('pre', { text: fileText.length > 600 ? fileText.slice(0, 600) + '…' : fileText })) : null,
    h('div', { class: 'd-conflict-actions' }, button('Keep mine', 'btn-primary', keepMine), button('Use the file’s', '', takeTheirs)));
  const anchor = field === 'body' ? $('.d-notes-label', form) : field === 'title' || field === 'description' ? form.firstChild : (el && el.closest('.d-row')) || form.firstChild;
  form.insertBefore(conflictBox, anchor);
}

export function hideConflict() {
  if (conflictBox) conflictBox.remove();
  conflictBox = null;
}

/** Esc: closes the editor; typed text not saved yet is thrown away only when the user says so. */
export async function escape(el) {
  const { editBase, closeEditor, commitField } = C;
  if (!typedUnsaved(el)) { closeEditor(); return; }
  const what = (FIELD_LABEL[el.name] || 'This field').replace(/^The /, '').toLowerCase();
  asking = true; // the question takes the focus: that blur must not save what it asks about
  let discard;
  try { discard = await confirmSheet('Discard your changes?', `What you typed in the ${what} is not saved yet.`, 'Discard'); } finally { asking = false; }
  if (!C.task() || !el.isConnected) return;
  if (discard) { editBase.delete(el.name); hideConflict(); revert(el); closeEditor(); return; }
  el.focus();
  // Refocusing resets what `change` compares with: save the kept text when the field is left.
  el.addEventListener('blur', () => { if (!asking && typedUnsaved(el)) commitField(el); }, { once: true });
}

/** The close button: saves the field being edited, unless the file changed it too — then asks. */
export async function requestClose() {
  const { editBase, closeEditor } = C;
  const field = conflictField();
  if (!field) { closeEditor(); return; }
  const what = (FIELD_LABEL[field] || 'This field').replace(/^The /, '').toLowerCase();
  asking = true;
  let discard;
  try { discard = await confirmSheet('Discard your changes?', `The ${what} changed in the file while you were editing; yours is not saved.`, 'Discard'); } finally { asking = false; }
  if (discard) {
    editBase.delete(field);
    hideConflict();
    const el = fieldEl(field);
    if (el) revert(el);
    closeEditor();
  }
}

/** Whether `el` holds typed text that differs from the task as saved. */
function typedUnsaved(el) {
  const cur = C.task();
  if (!cur || !el || !el.name || el.type === 'checkbox' || el.tagName === 'SELECT' || el.name.startsWith('recurrence_')) return false;
  if (el.name === 'tags') return el.value.trim() !== '';
  if (!(el.name in cur)) return false;
  const v = cur[el.name];
  return el.value.trim() !== String(v ?? '').trim();
}

function revert(el) {
  const cur = C.task();
  if (!cur || !el || !el.name || !(el.name in cur) || el.type === 'checkbox') return;
  if (el.name === 'tags') { el.value = ''; return; }
  el.value = cur[el.name] ?? '';
}
