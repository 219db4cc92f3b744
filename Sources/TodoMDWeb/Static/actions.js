// What can be done to tasks from the list: complete (with its animation and Undo), reopen, defer,
// and the bulk actions of select mode.
import { $$, PRIORITY_LABEL } from './util.js';
import { get, post, patch, ref } from './api.js';
import { toast, showError, deferSheet, promptSheet, chooseSheet, confirmSheet } from './ui.js';
import { sidebar, cursor, setCursor, animStart, animEnd, findTask } from './state.js';
import { refresh, loadList, rowEl, select, taskSelection, PRIORITIES } from './list.js';
import { loadSidebar } from './sidebar.js';
import { editorId, closeEditor } from './lazy.js';
import { openTaskURL } from './router.js';
import { undoCompletion } from './undo.js';
import { hasOpenSubtasks, askSubtasks } from './nesting.js';

export async function complete(id) {
  const li = rowEl(id);
  const t = findTask(id);
  const title = t ? t.title : 'task';
  if (t && (t.status === 'done' || t.status === 'cancelled')) return reopen(id, true);
  // A parent with open subtasks is never completed by accident (§23): ask once, with both choices.
  let body;
  if (hasOpenSubtasks(t)) {
    if ((await askSubtasks(t, 'complete')) !== 'with') return;
    body = { with_subtasks: true };
  }
  if (li) {
    if (li.classList.contains('completing')) return;
    li.classList.add('completing');
  }
  animStart();
  let ok = true;
  let receipt = null; // what undoing needs (the server's `undo`), so Undo also removes a repeat's next task
  const req = post(`/tasks/${ref(id)}/complete`, body).then((t) => { receipt = t && t.undo; }).catch((e) => { ok = false; showError(e); });
  await new Promise((r) => setTimeout(r, 420));
  await req;
  if (!ok) { if (li) li.classList.remove('completing'); animEnd(); refresh(); return; }
  if (li && li.isConnected) {
    li.style.height = li.offsetHeight + 'px';
    li.classList.add('collapsing');
    requestAnimationFrame(() => { li.style.height = '0px'; });
    await new Promise((r) => setTimeout(r, 280));
    if (cursor() === id) {
      const rows = $$('#task-list .task');
      const i = rows.indexOf(li);
      const next = rows[i + 1] || rows[i - 1];
      setCursor(next ? next.dataset.id : null);
      if (next && document.activeElement && document.activeElement.closest('.task') === li) select(next.dataset.id);
    }
    li.remove();
  }
  animEnd();
  if (editorId() === id) closeEditor();
  toast(`Completed “${title}”`, { action: 'Undo', onAction: () => (receipt ? undoCompletion(receipt).then(() => refresh(0)) : reopen(id)) });
  refresh(0);
}

export async function reopen(id, announce = false) {
  try {
    const t = await post(`/tasks/${ref(id)}/reopen`);
    if (announce) toast(`Reopened “${t.title}”`);
  } catch (e) { showError(e); }
  refresh(0);
}

/** Asks when, then defers the tasks `ids`; resolves whether a choice was made. */
export async function deferTasks(ids) {
  const choice = await deferSheet(ids.length);
  if (!choice) return false;
  let n = 0;
  for (const id of ids) {
    try {
      if (choice.someday) await patch(`/tasks/${ref(id)}`, { status: 'someday' });
      else await post(`/tasks/${ref(id)}/defer`, { date: choice.date });
      n++;
    } catch (e) { showError(e); }
  }
  if (n) toast(choice.someday ? `Moved ${n === 1 ? 'task' : n + ' tasks'} to Someday.` : `Deferred ${n === 1 ? 'task' : n + ' tasks'}.`);
  refresh(0);
  return true;
}

/** Flags task `id`, or unflags it when it is flagged (the list's `f`); the toast has Undo. */
export async function toggleFlag(id) {
  const t = findTask(id);
  if (!t) return;
  const flagged = !t.flagged;
  try {
    await patch(`/tasks/${ref(id)}`, { flagged });
    const undo = () => patch(`/tasks/${ref(id)}`, { flagged: !flagged }).catch(showError).then(() => refresh(0));
    toast(`${flagged ? 'Flagged' : 'Unflagged'} “${t.title}”.`, { action: 'Undo', onAction: undo });
  } catch (e) { showError(e); }
  refresh(0);
}

// ---------- Bulk actions (select mode) ----------
async function each(ids, fn, verb) {
  let n = 0;
  for (const id of ids) { try { await fn(id); n++; } catch (e) { showError(e); } }
  if (n) toast(`${verb} ${n} ${n === 1 ? 'task' : 'tasks'}.`);
  taskSelection.clear();
  refresh(0);
}

/** Duplicates the tasks `ids` (Things' and Todoist's Duplicate): each copy, with its subtasks,
 *  beside its original (the core's `Vault.duplicate`). The toast's Undo moves the copies to the
 *  Trash, where nothing is lost. `open`: opens the one copy in the editor; otherwise the list's
 *  cursor moves to the last copy once it is listed. Resolves to the copies' ids (roots), which
 *  may be fewer than asked for when one failed (that is shown). */
export async function duplicate(ids, { open = false } = {}) {
  const made = []; // each duplicate's tasks, its root first
  for (const id of ids) {
    try { made.push((await post(`/tasks/${ref(id)}/duplicate`)).tasks); } catch (e) { showError(e); break; }
  }
  if (!made.length) return [];
  const roots = made.map((tasks) => tasks[0].id);
  const subtasks = made.reduce((n, tasks) => n + tasks.length - 1, 0);
  const what = made.length === 1 ? `“${made[0][0].title}”` : `${made.length} tasks`;
  const withSubtasks = subtasks ? ` with ${subtasks} subtask${subtasks === 1 ? '' : 's'}` : '';
  toast(`Duplicated ${what}${withSubtasks}.`, { action: 'Undo', onAction: () => takeBackCopies(roots) });
  if (open && roots.length === 1) { openTaskURL(roots[0]); refresh(0); return roots; }
  // The cursor moves to the (last) copy once the list has it; the focus too, when it was on a row.
  const inList = !!(document.activeElement && document.activeElement.closest('#task-list'));
  loadSidebar();
  await loadList();
  const last = roots[roots.length - 1];
  if (rowEl(last)) select(last, inList);
  return roots;
}

/** Duplicate's Undo: the copies (with their subtasks) move to the Trash; an editor open on one closes. */
async function takeBackCopies(roots) {
  try {
    const { deleted } = await post('/tasks/delete', { ids: roots, with_subtasks: true });
    if (editorId() && (deleted || []).some((d) => d.id === editorId())) closeEditor(false);
    toast(roots.length === 1 ? 'Removed the copy (it is in the Trash).' : `Removed ${roots.length} copies (they are in the Trash).`,
      { action: 'Undo', onAction: () => restoreDeleted(deleted) });
  } catch (e) { showError(e); }
  refresh(0);
}

/** Undoes a delete: `deleted` is what `POST /tasks/delete` answered (each file's id and place in the trash). */
export async function restoreDeleted(deleted) {
  try {
    const r = await post('/trash/restore', { deleted });
    const tasks = r.tasks || [];
    toast(tasks.length === 1 ? `Restored “${tasks[0].title}”.` : `Restored ${tasks.length} tasks.`);
  } catch (e) { showError(e); }
  refresh(0);
}

/** Applies the bulk `action` to the picked tasks `ids`. */
export async function bulk(action, ids) {
  if (!ids.length) return;
  const sb = sidebar() || {};
  if (action === 'complete') return each(ids, (id) => post(`/tasks/${ref(id)}/complete`), 'Completed');
  if (action === 'defer') { if (await deferTasks(ids)) taskSelection.clear(); return; }
  if (action === 'priority') {
    const p = await chooseSheet('Set priority', PRIORITIES.map((v) => ({ value: v, label: PRIORITY_LABEL[v], icon: 'flag', cls: 'prio-' + v })));
    if (p) each(ids, (id) => patch(`/tasks/${ref(id)}`, { priority: p }), 'Updated');
    return;
  }
  if (action === 'move') {
    const opts = [{ value: { area: null, project: null }, label: 'Inbox (no area or project)', icon: 'tray' }];
    for (const a of sb.areas || []) opts.push({ value: { area: a.name, project: null }, label: a.name, icon: 'area' });
    for (const p of sb.projects || []) opts.push({ value: { project: p.name, ...(p.area ? { area: p.area } : {}) }, label: p.area ? `${p.area} › ${p.name}` : p.name, icon: 'folder' });
    opts.push({ value: 'new', label: 'New project…', icon: 'plus' });
    let dest = await chooseSheet(`Move ${ids.length} ${ids.length === 1 ? 'task' : 'tasks'}`, opts);
    if (dest === 'new') {
      const name = await promptSheet('New project', 'Project name', { action: 'Move' });
      dest = name && name.trim() ? { project: name.trim() } : null;
    }
    if (dest) each(ids, (id) => patch(`/tasks/${ref(id)}`, dest), 'Moved');
    return;
  }
  if (action === 'tags') {
    const choice = await chooseSheet('Tags', [{ value: 'add', label: 'Add a tag…', icon: 'plus' }, { value: 'remove', label: 'Remove a tag…', icon: 'x' }]);
    if (!choice) return;
    const tag = await promptSheet(choice === 'add' ? 'Add tag' : 'Remove tag', 'Tag', { list: (sb.tags || []).map((t) => t.name), action: choice === 'add' ? 'Add' : 'Remove' });
    const name = tag && tag.trim().replace(/^#/, '');
    if (!name) return;
    return each(ids, async (id) => {
      const t = findTask(id) || await get(`/tasks/${ref(id)}`);
      const tags = t.tags || [];
      const next = choice === 'add' ? (tags.includes(name) ? tags : [...tags, name]) : tags.filter((x) => x !== name);
      if (next !== tags) await patch(`/tasks/${ref(id)}`, { tags: next });
    }, 'Updated');
  }
  if (action === 'duplicate') {
    if ((await duplicate(ids)).length) taskSelection.clear();
    return;
  }
  if (action === 'delete') {
    const body = { ids };
    // One task with open subtasks (the list's Delete key): asked once, with both choices (§23).
    const one = ids.length === 1 ? findTask(ids[0]) : null;
    let go;
    if (one && hasOpenSubtasks(one)) {
      const choice = await askSubtasks(one, 'delete');
      go = !!choice;
      if (choice) body[choice === 'with' ? 'with_subtasks' : 'keep_subtasks'] = true;
    } else go = await confirmSheet(`Delete ${ids.length} ${ids.length === 1 ? 'task' : 'tasks'}?`, 'They move to the Trash (the vault’s .trash folder), where you can put them back.');
    if (go) {
      // One request: a task that cannot go (its open subtasks are not chosen too) keeps them all.
      try {
        const { deleted } = await post('/tasks/delete', body);
        toast(`Deleted ${ids.length} ${ids.length === 1 ? 'task' : 'tasks'}.`, { action: 'Undo', onAction: () => restoreDeleted(deleted) });
        taskSelection.clear();
      } catch (e) { showError(e); }
      refresh(0);
    }
  }
}
