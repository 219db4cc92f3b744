// The editor's head: Close, Complete or Reopen, Defer, More actions (Duplicate, Save as template)
// and Delete — what is done to the task as a whole, beside the fields the rest of the editor edits.
import { h, icon } from './util.js';
import { post } from './api.js';
import { showError, confirmSheet, chooseSheet } from './ui.js';
import { duplicate } from './actions.js';
import { hasOpenSubtasks, askSubtasks } from './nesting.js';
import { requestClose } from './editor-conflict.js';

let E = null; // {task: () => the open task, ctx: () => the app's context, closeEditor}
/** The task this editor is deleting: the server's `deleted` event for it is no news. */
let deleting = null;

export function initActions(e) { E = e; }
export const deletingId = () => deleting;

/** The head of task `t`'s editor. */
export function editorHead(t) {
  const done = t.status === 'done' || t.status === 'cancelled';
  const ctx = E.ctx();
  return h('div', { class: 'd-head' },
    h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Close details', onclick: () => requestClose() }, icon('x')),
    h('span', { class: 'd-status', role: 'status' }),
    h('span', { class: 'grow' }),
    h('button', { type: 'button', class: 'btn btn-small', onclick: () => { const id = E.task().id; E.closeEditor(); done ? ctx.reopen(id, true) : ctx.complete(id); } },
      icon(done ? 'undo' : 'check'), h('span', { text: done ? 'Reopen' : 'Complete' })),
    !done ? h('button', { type: 'button', class: 'btn btn-small btn-quiet', onclick: () => ctx.defer(E.task().id) }, icon('calendar'), h('span', { text: 'Defer' })) : null,
    h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'More actions', title: 'More actions', onclick: onMore }, icon('dots')),
    h('button', { type: 'button', class: 'icon-btn danger', 'aria-label': 'Delete task', onclick: onDelete }, icon('trash')));
}

/** The less frequent actions: Duplicate (the copy opens) and Save as template. */
async function onMore() {
  const t = E.task();
  const choice = await chooseSheet(t.title, [
    { value: 'duplicate', label: (t.children || []).length ? 'Duplicate, with its subtasks' : 'Duplicate', icon: 'copy' },
    { value: 'template', label: 'Save as template…', icon: 'stack' },
  ]);
  if (choice === 'duplicate') {
    await duplicate([t.id], { open: true });
  } else if (choice === 'template') {
    try { (await import('./templates.js')).saveAsTemplate(t); } catch (e) { showError(e); }
  }
}

async function onDelete() {
  const t = E.task();
  if (!t) return;
  const body = { ids: [t.id] };
  if (hasOpenSubtasks(t)) {
    // Asked once, with both choices (§23).
    const choice = await askSubtasks(t, 'delete');
    if (!choice) return;
    body[choice === 'with' ? 'with_subtasks' : 'keep_subtasks'] = true;
  } else if (!(await confirmSheet('Delete this task?', `“${t.title}” moves to the Trash (the vault’s .trash folder), where you can put it back.`))) return;
  try {
    deleting = t.id;
    // What the delete moved to the trash, for the toast's Undo.
    const answer = await post('/tasks/delete', body);
    E.closeEditor();
    E.ctx().onDeleted(t, answer.deleted || []);
  } catch (e) { showError(e); } finally { deleting = null; }
}
