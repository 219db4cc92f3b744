// Subtasks in the list (§23): depth under listed parents, folding, the progress ring, the blocked
// mark and the breadcrumb on a row, nesting by drag or Tab / Shift-Tab, and the question asked
// before completing, cancelling or deleting a task that still has open subtasks.
import { h, icon, store, SVG } from './util.js';
import { patch, ref } from './api.js';
import { sheet, toast, showError } from './ui.js';
import { listing } from './state.js';

// ---------- Depth and folding ----------
const folded = () => new Set(store.get('folded', []));
/** Whether `id`'s children are hidden in lists. */
export const isFolded = (id) => folded().has(id);
export function toggleFold(id) {
  const set = folded();
  if (set.has(id)) set.delete(id); else set.add(id);
  store.set('folded', [...set].slice(-500));
}

/**
 * The rows of one group as the list draws them: each task with its depth under the parents
 * listed before it (the server already puts children right after their parent), whether it has
 * children listed below it, and without the rows under a folded parent.
 */
export function nestRows(tasks) {
  const foldedNow = folded(); // read once: a long list has many parents
  const depth = new Map();
  const out = [];
  let hiddenUnder = null; // the depth of a folded parent whose rows are skipped
  for (let i = 0; i < tasks.length; i++) {
    const t = tasks[i];
    const d = t.parent_id && depth.has(t.parent_id) ? depth.get(t.parent_id) + 1 : 0;
    depth.set(t.id, d);
    if (hiddenUnder !== null) { if (d > hiddenUnder) continue; hiddenUnder = null; }
    const next = tasks[i + 1];
    const hasKids = !!next && next.parent_id === t.id;
    out.push({ t, depth: d, hasKids });
    if (hasKids && foldedNow.has(t.id)) hiddenUnder = d;
  }
  return out;
}

// ---------- What a row shows ----------
/** A small ring filled to `done / total`, with the numbers beside it ("1/3"). */
export function progressRing(p) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 20 20');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'ring');
  const circle = (cls, dash) => {
    const c = document.createElementNS(SVG, 'circle');
    for (const [k, v] of [['cx', 10], ['cy', 10], ['r', 8], ['class', cls]]) c.setAttribute(k, v);
    if (dash != null) { c.setAttribute('stroke-dasharray', `${dash} 100`); c.setAttribute('pathLength', '100'); }
    return c;
  };
  const share = p.total ? Math.round((p.done / p.total) * 100) : 0;
  svg.append(circle('ring-track'), circle('ring-fill', share));
  return h('span', { class: 'chip ring-chip' + (p.total && p.done === p.total ? ' ring-full' : ''), title: 'Subtasks done' },
    svg, h('span', { class: 'sr', text: 'Subtasks done: ' }), h('span', { text: `${p.done}/${p.total}` }));
}

/** The chips §23 adds to a row: progress, checklist, blocked, and the parent's title when the parent is not listed. */
export function structureChips(t, done) {
  const out = [];
  if (t.progress && t.progress.total) out.push(progressRing(t.progress));
  if (t.checklist) out.push(h('span', { class: 'chip muted', title: 'Checklist' }, icon('checks'), h('span', { class: 'sr', text: 'Checklist: ' }), h('span', { text: `${t.checklist.done}/${t.checklist.total}` })));
  if (t.blocked && !done) out.push(h('span', { class: 'chip blocked', title: 'Waiting for another task' }, icon('clock'), h('span', { text: 'Blocked' })));
  const parents = (listing() && listing().parents) || {};
  if (t.parent_id && parents[t.parent_id]) out.push(h('span', { class: 'chip crumb', title: 'Subtask of' }, icon('chevron'), h('span', { class: 'sr', text: 'Subtask of ' }), h('span', { text: parents[t.parent_id] })));
  return out;
}

/** The disclosure triangle of a parent row. */
export function disclosure(t) {
  const open = !isFolded(t.id);
  return h('button', { type: 'button', class: 'disclose' + (open ? ' open' : ''), 'aria-expanded': String(open), 'aria-label': (open ? 'Hide' : 'Show') + ' subtasks of ' + t.title, 'data-fold': t.id }, icon('chevron'));
}

// ---------- Changing the structure ----------
/** Makes `id` a subtask of `parentId` (null: a top-level task). */
export async function setParent(id, parentId, title) {
  try {
    const t = await patch(`/tasks/${ref(id)}`, { parent: parentId });
    toast(parentId ? `“${t.title}” is now a subtask${title ? ` of “${title}”` : ''}.` : `“${t.title}” is no longer a subtask.`);
    return true;
  } catch (e) { showError(e); return false; }
}

/** The rows of the listing in order, each with its depth (for Tab / Shift-Tab). */
function flatRows() {
  const L = listing();
  if (!L) return [];
  return L.groups.flatMap((g) => nestRows(g.tasks));
}

/** The new parent Tab gives `id`: the row above at the same depth (its previous sibling). */
export function indentTarget(id) {
  const rows = flatRows();
  const i = rows.findIndex((r) => r.t.id === id);
  const d = i > 0 ? rows[i].depth : 0;
  for (let j = i - 1; j >= 0; j--) {
    if (rows[j].depth < d) break;
    if (rows[j].depth === d) return rows[j].t;
  }
  return null;
}

/** Whether Shift-Tab can move `id` out (it is a subtask). */
export const canOutdent = (id) => { const t = flatRows().find((r) => r.t.id === id); return !!(t && t.t.parent_id); };

/** Tab: a subtask of the row above at the same depth. */
export async function indent(id) {
  const target = indentTarget(id);
  return target ? setParent(id, target.id, target.title) : false;
}

/** Shift-Tab: up to the parent's parent, or the top level. */
export async function outdent(id) {
  const rows = flatRows();
  const row = rows.find((r) => r.t.id === id);
  if (!row || !row.t.parent_id) return false;
  const parent = rows.find((r) => r.t.id === row.t.parent_id);
  return setParent(id, parent && parent.t.parent_id ? parent.t.parent_id : null);
}

/** Whether task `t` (a TASK) has open subtasks, as far as the list knows. */
export const hasOpenSubtasks = (t) => !!(t && t.progress && t.progress.done < t.progress.total);

/**
 * Asks once what to do with open subtasks: resolves 'with' (do the same to them), 'keep' (delete
 * only: keep them as tasks) or null (do nothing).
 */
export function askSubtasks(t, action) {
  const open = t.progress ? t.progress.total - t.progress.done : 0;
  const n = open === 1 ? 'one open subtask' : `${open} open subtasks`;
  const verb = { complete: 'Complete', cancel: 'Cancel', delete: 'Delete' }[action];
  return new Promise((resolve) => {
    let result = null;
    const actions = [{ label: 'Not now', onClick: (c) => c() }];
    if (action === 'delete') actions.push({ label: 'Keep subtasks', onClick: (c) => { result = 'keep'; c(); } });
    actions.push({ label: `${verb} all`, primary: action !== 'delete', danger: action === 'delete', onClick: (c) => { result = 'with'; c(); } });
    sheet(`${verb} “${t.title}”?`, h('p', { text: `It has ${n}. ${action === 'delete' ? 'Delete them too, or keep them as tasks of their own?' : `${verb} them too?`}` }),
      actions, { onClose: () => resolve(result), cls: 'sheet-small' });
  });
}
