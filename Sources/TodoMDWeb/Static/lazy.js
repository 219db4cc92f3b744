// The parts loaded on first use, which keeps the first download small: the task editor
// (editor.js), the perspective editor (perspective.js), the notes (notes.js), the day planner
// (planner.js), the board (board.js), the insights (insights.js) and the trash (trash.js), each given what it may
// call back.
import { $, loadStyle } from './util.js';
import { toast, showError } from './ui.js';
import { route, sidebar } from './state.js';
import { go, perspHref, openTaskURL, taskClosed, taskResolved } from './router.js';
import { loadSidebar } from './sidebar.js';
import { refresh, rowEl, taskRow } from './list.js';
import { complete, reopen, deferTasks, restoreDeleted } from './actions.js';

/** `module` (a module or the promise of one) once `sheet`, the style sheet of its screen, has loaded
 *  too: both are asked for at once, and the screen is drawn styled. */
const withStyle = (module, sheet) => Promise.all([module, loadStyle(sheet)]).then(([m]) => m);

// ---- the task editor ----
let E = null;
const editorCtx = {
  sidebar,
  onSaved: (t) => {
    const li = rowEl(t.id);
    if (li) { const nl = taskRow(t); li.replaceWith(nl); }
    refresh();
  },
  onDeleted: (t, deleted) => {
    toast(`Deleted “${t.title}”.`, deleted.length ? { action: 'Undo', onAction: () => restoreDeleted(deleted) } : {});
    refresh(0);
  },
  complete, reopen,
  defer: (id) => deferTasks([id]),
  focusRow: (id) => { const el = id && rowEl(id); if (el) $('.task-title', el).focus(); },
};
async function loadEditor() {
  if (!E) {
    const m = await import('./editor.js');
    if (!E) {
      m.initEditor(editorCtx);
      E = m;
      // However the editor closes (its × button, Esc, completing the task…), the URL follows.
      new MutationObserver(() => { if ($('#detail').hidden) taskClosed(); }).observe($('#detail'), { attributes: true, attributeFilter: ['hidden'] });
    }
  }
  return E;
}
/** Opens task `id` in the editor, by its URL (so Back closes it). */
export const openEditor = (id) => openTaskURL(id);
/** The router's: shows the URL's task in the editor (null: closes the editor). */
export async function showTask(id) {
  if (!id) { if (E && E.editorId()) E.closeEditor(); return; }
  try {
    const m = await loadEditor();
    const opened = await m.openEditor(id);
    if (!route() || route().task !== id) return; // the URL moved on meanwhile
    if (opened && m.editorId() === opened) {
      // A reference the server resolved to another id: the URL names the task by its id.
      if (opened !== id) taskResolved(opened);
    } else taskClosed(); // it could not be opened (gone, or an error was shown): the URL stops naming it
  } catch (e) { showError(e); }
}
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

// ---- the notes (#/notes) ----
let NT = null;
/** Shows the notes screen for route `r`, unless another screen was asked for while they loaded. */
export const showNotes = (r, ctx) => withStyle(NT || import('./notes.js'), 'notes.css').then((m) => (NT = m))
  .then((m) => { if (route() === r) return m.showNotes(r, ctx); }).catch(showError);
export const hideNotes = () => { if (NT) NT.hideNotes(); };
export const notesChanged = (file) => { if (NT) NT.notesChanged(file); };
/** Keys on the notes screen; before the notes have loaded, none is theirs. */
export const notesKey = (e) => !!NT && NT.notesKey(e);

// ---- the calendar (#/calendar) ----
let CAL = null;
const calCtx = { openEditor: (id) => openEditor(id), sidebar };
export const showCalendar = (r) => (CAL ? Promise.resolve(CAL) : import('./calendar.js').then((m) => (CAL = m))).then((m) => m.showCalendar(r, calCtx)).catch(showError);
export const hideCalendar = () => { if (CAL) CAL.hideCalendar(); };
export const calendarChanged = () => { if (CAL) CAL.calendarChanged(); };
export const calendarKey = (e) => !!CAL && CAL.calendarKey(e);

// ---- the day planner (#/plan) ----
let PL = null;
const planCtx = {
  openEditor: (id) => openEditor(id),
  refreshSidebar: () => loadSidebar(),
};
/** Shows the planner for route `r`, unless another screen was asked for while it loaded. */
export const showPlan = (r) => withStyle(PL || import('./planner.js'), 'planner.css').then((m) => (PL = m))
  .then((m) => { if (route() === r) return m.showPlan(r, planCtx); }).catch(showError);
export const hidePlan = () => { if (PL) PL.hidePlan(); };
export const planChanged = () => { if (PL) PL.planChanged(); };
export const planKey = (e) => !!PL && PL.planKey(e);

// ---- the board (#/board/ID) ----
let BD = null;
const boardCtx = {
  openEditor: (id) => openEditor(id),
  refreshSidebar: () => loadSidebar(),
  sidebar,
};
export const showBoard = (r) => (BD ? Promise.resolve(BD) : import('./board.js').then((m) => (BD = m))).then((m) => m.showBoard(r, boardCtx)).catch(showError);
export const hideBoard = () => { if (BD) BD.hideBoard(); };
export const boardChanged = () => { if (BD) BD.boardChanged(); };
export const boardKey = (e) => !!BD && BD.boardKey(e);

// ---- the insights (#/insights) ----
let IN = null;
export const showInsights = (r) => (IN ? Promise.resolve(IN) : import('./insights.js').then((m) => (IN = m))).then((m) => m.showInsights(r)).catch(showError);
export const hideInsights = () => { if (IN) IN.hideInsights(); };
export const insightsChanged = () => { if (IN) IN.insightsChanged(); };
export const insightsKey = (e) => !!IN && IN.insightsKey(e);

// ---- the trash (#/trash) ----
let TR = null;
export const showTrash = (r) => (TR ? Promise.resolve(TR) : import('./trash.js').then((m) => (TR = m))).then((m) => m.showTrash(r)).catch(showError);
export const hideTrash = () => { if (TR) TR.hideTrash(); };
export const trashChanged = () => { if (TR) TR.trashChanged(); };
export const trashKey = (e) => !!TR && TR.trashKey(e);
