// Routes are URL hashes: #/view/ID[?done=1], #/perspective/ID, #/search?q=…, #/notes[/ID],
// #/plan[/REGION], #/board[/VIEW-OR-PERSPECTIVE-ID], #/insights, #/trash. The router parses them, keeps the state's route and calls the screen for it.
// A task open in the detail editor is part of the URL too (`?task=ID` on any of them but the
// notes and the trash), so the browser's Back closes it instead of leaving the view.
import { route, setRoute } from './state.js';

export const viewHref = (id) => '#/view/' + encodeURIComponent(id).replace(/%3A/gi, ':');
export const perspHref = (id) => '#/perspective/' + encodeURIComponent(id);
/** The board of a view or perspective (§25): `#/board/project:Work`, `#/board/PERSPECTIVE-ID`. */
export const boardHref = (id) => '#/board/' + encodeURIComponent(id).replace(/%3A/gi, ':');

/** The route of a hash ({kind, id, done, task} | {kind: 'search', q, task}), or null when it is none. */
export function parseRoute(hash = location.hash) {
  const r = parseScreen(hash);
  if (r && r.kind !== 'notes' && r.kind !== 'trash') {
    const task = new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '').get('task');
    if (task) r.task = task;
  }
  return r;
}

function parseScreen(hash) {
  const raw = hash.replace(/^#\/?/, '');
  const qi = raw.indexOf('?');
  const path = qi < 0 ? raw : raw.slice(0, qi);
  const params = new URLSearchParams(qi < 0 ? '' : raw.slice(qi + 1));
  const slash = path.indexOf('/');
  const kind = slash < 0 ? path : path.slice(0, slash);
  let id = slash < 0 ? '' : path.slice(slash + 1);
  try { id = decodeURIComponent(id); } catch { /* keep as typed */ }
  if (kind === 'view' && id) return { kind, id, done: params.get('done') === '1' };
  if (kind === 'perspective' && id) return { kind, id };
  if (kind === 'search') return { kind, q: params.get('q') || '' };
  if (kind === 'calendar') return { kind, id }; // #/calendar[/day|week|month/DATE]
  if (kind === 'notes') return { kind, id };
  if (kind === 'plan') return { kind, id };
  if (kind === 'board') return { kind, id };
  if (kind === 'insights') return { kind };
  if (kind === 'trash') return { kind };
  return null;
}

export const go = (hash) => { location.hash = hash; };

/** `hash` with its `task` parameter set to `id` (or removed, for null). */
export function withTask(hash, id) {
  const qi = hash.indexOf('?');
  const params = new URLSearchParams(qi < 0 ? '' : hash.slice(qi + 1));
  if (id) params.set('task', id); else params.delete('task');
  const q = params.toString().replace(/\+/g, '%20');
  return (qi < 0 ? hash : hash.slice(0, qi)) + (q ? '?' + q : '');
}

/** The current URL's hash without the open task: the screen's own address. */
export const screenHash = () => withTask(location.hash, null);

let onShow = null, onShowTask = null;

/**
 * Follows the URL: `onRoute(route)` shows each new screen (a hash naming none goes to Today);
 * `onTask(id | null)` opens or closes the task of the URL.
 */
export function startRouter(onRoute, onTask) {
  onShow = onRoute;
  onShowTask = onTask;
  window.addEventListener('hashchange', follow);
  window.addEventListener('popstate', follow);
  follow();
}

/** Shows the route of the current URL now (after pushState or replaceState, which fire no hashchange). */
export function follow() {
  const r = parseRoute();
  if (!r) { location.replace(viewHref('today')); return; }
  const prev = route();
  const changed = !prev || screenKey(r) !== screenKey(prev);
  if (!changed && prev.task === r.task) return; // a hashchange and a popstate for one step
  setRoute(r);
  if (changed) onShow(r);
  onShowTask(r.task || null);
}

/** What tells two routes' screens apart (the open task does not). */
export const screenKey = (r) => JSON.stringify({ ...r, task: undefined });

/** Opens task `id` through the URL: a new history entry, so Back closes it (another task open
 *  already is replaced, so Back still leads back to the list). */
export function openTaskURL(id) {
  const hash = withTask(location.hash, id);
  if (hash === location.hash) { onShowTask(id); return; }
  if (route() && route().task) history.replaceState(history.state, '', hash);
  else history.pushState({ task: id }, '', hash);
  follow();
}

/** Opens task `id` from any screen: one that holds no tasks (the notes, the trash) gives way
 *  to Today with the task open. */
export function openTaskAnywhere(id) {
  const r = parseRoute();
  if (!r || r.kind === 'notes' || r.kind === 'trash') go(withTask(viewHref('today'), id));
  else openTaskURL(id);
}

/** The URL's task reference opened task `id` (the server resolved a file name without `.md`, a
 *  unique title…): the URL names it by its id from now on, in the same history entry. */
export function taskResolved(id) {
  const r = route();
  if (!r || !r.task || r.task === id) return;
  const state = history.state && history.state.task ? { task: id } : history.state;
  history.replaceState(state, '', withTask(location.hash, id));
  follow();
}

/** The task's editor closed by itself (its × button, Esc, completing it…): the URL follows. */
export function taskClosed() {
  const r = route();
  if (!r || !r.task) return;
  if (history.state && history.state.task) history.back(); // the entry openTaskURL added
  else { history.replaceState(null, '', screenHash()); follow(); }
}
