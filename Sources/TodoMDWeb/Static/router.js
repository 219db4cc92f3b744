// Routes are URL hashes: #/view/ID[?done=1], #/perspective/ID, #/search?q=…, #/notes[/ID],
// #/plan[/REGION]. The router parses them, keeps the state's route and calls the screen for it.
import { route, setRoute } from './state.js';

export const viewHref = (id) => '#/view/' + encodeURIComponent(id).replace(/%3A/gi, ':');
export const perspHref = (id) => '#/perspective/' + encodeURIComponent(id);

/** The route of a hash ({kind, id, done} | {kind: 'search', q}), or null when it is none. */
export function parseRoute(hash = location.hash) {
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
  if (kind === 'notes') return { kind, id };
  if (kind === 'plan') return { kind, id };
  return null;
}

export const go = (hash) => { location.hash = hash; };

let show = null;

/** Follows the URL: `onRoute(route)` shows each new route (a hash naming none goes to Today). */
export function startRouter(onRoute) {
  show = onRoute;
  window.addEventListener('hashchange', follow);
  follow();
}

/** Shows the route of the current URL now (after a replaceState, which fires no hashchange). */
export function follow() {
  const r = parseRoute();
  if (!r) { location.replace(viewHref('today')); return; }
  const changed = !route() || JSON.stringify(r) !== JSON.stringify(route());
  setRoute(r);
  if (changed) show(r);
}
