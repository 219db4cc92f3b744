// The parts loaded on first use, which keeps the first download small: the task editor
// (editor.js), the perspective editor (perspective.js) and the day planner (planner.js), each
// given what it may call back.
import { $ } from './util.js';
import { toast, showError } from './ui.js';
import { route, sidebar } from './state.js';
import { go, perspHref } from './router.js';
import { loadSidebar } from './sidebar.js';
import { refresh, rowEl, taskRow } from './list.js';
import { complete, reopen, deferTasks } from './actions.js';

// ---- the task editor ----
let E = null;
const editorCtx = {
  sidebar,
  onSaved: (t) => {
    const li = rowEl(t.id);
    if (li) { const nl = taskRow(t); li.replaceWith(nl); }
    refresh();
  },
  onDeleted: (t) => {
    toast(`Deleted “${t.title}”.`);
    refresh(0);
  },
  complete, reopen,
  defer: (id) => deferTasks([id]),
  focusRow: (id) => { const el = id && rowEl(id); if (el) $('.task-title', el).focus(); },
};
async function loadEditor() {
  if (!E) { const m = await import('./editor.js'); if (!E) { m.initEditor(editorCtx); E = m; } }
  return E;
}
export const openEditor = async (id) => { try { (await loadEditor()).openEditor(id); } catch (e) { showError(e); } };
export const closeEditor = (restore) => { if (E) E.closeEditor(restore); };
export const editorId = () => (E ? E.editorId() : null);
export const editorExternalChange = (id, kind) => { if (E) E.editorExternalChange(id, kind); };

// ---- the perspective editor (and the notes: the same calls back) ----
export const appCtx = {
  sidebar,
  refresh: () => refresh(0),
  go,
  current: route,
  perspHref,
};
/** Opens the perspective editor on perspective `id` (read-only for a built-in view), or a new one. */
export const openPerspective = async (id) => {
  try { (await import('./perspective.js')).openPerspectiveEditor(id, appCtx); } catch (e) { showError(e); }
};

// ---- the day planner (#/plan) ----
let PL = null;
const planCtx = {
  openEditor: (id) => openEditor(id),
  refreshSidebar: () => loadSidebar(),
};
export const showPlan = (r) => (PL ? Promise.resolve(PL) : import('./planner.js').then((m) => (PL = m))).then((m) => m.showPlan(r, planCtx)).catch(showError);
export const hidePlan = () => { if (PL) PL.hidePlan(); };
export const planChanged = () => { if (PL) PL.planChanged(); };
export const planKey = (e) => !!PL && PL.planKey(e);
