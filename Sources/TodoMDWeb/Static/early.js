// The page's first request: the route's first rows, asked for while the rest of the page still
// loads. first.js imports this module before any other, so the request leaves as soon as the
// API, the state and the router are in, before the other modules of the first screen run (and
// before the requests they make, such as the running timer's), and the server answers it while
// the browser loads the rest. list.js builds every listing request with `listingPath` and takes
// this answer (`listingAnswer`) when its first request is the same one.
import { get, qs } from './api.js';
import { prefs, viewKey } from './state.js';
import { parseRoute, viewHref } from './router.js';

/** How many rows a new list asks for first: more than the tallest screen shows. The rest follows
 *  at once, so that a list of thousands is on screen before all of it has come and been read. */
export const FIRST_ROWS = 200;

/** The listing request of route `r`, its first `limit` rows only when given (a search comes
 *  whole); with the route's saved display choices (sort, grouping, filter). Null for a screen
 *  that is no task list. */
export function listingPath(r, limit) {
  if (!r) return null;
  if (r.kind === 'search') return '/search' + qs({ q: r.q, fields: 'row' });
  if (r.kind !== 'view' && r.kind !== 'perspective') return null;
  const p = prefs(viewKey(r));
  const f = p.filter || {};
  const params = { fields: 'row', limit }; // what a row shows; the editor fetches the rest
  if (r.kind === 'perspective') params.perspective = r.id;
  else if (r.done) {
    params.view = 'logbook';
    const m = /^(area|project|tag):(.*)$/.exec(r.id);
    if (m) params[m[1]] = m[2];
  } else params.view = r.id;
  if (p.mode && p.mode !== 'list') params.group = p.mode;
  if (p.sort) params.sort = p.sort;
  if (f.status && f.status.length) params.status = f.status;
  if (f.priority && f.priority.length) params.priority = f.priority;
  if (f.projects) params.project = f.projects;
  return '/tasks' + qs(params);
}

/** How long the early answer stays good (ms after it was asked for). The live updates start
 *  only once the app runs: a change made on disk before that is not told to the page, so an
 *  answer taken later than this (a slow network or device) is asked for again. */
const EARLY_FOR = 2000;

// The page's route (a page without one shows Today, router.js) and its first rows' request.
const firstRoute = parseRoute() || parseRoute(viewHref('today'));
const early = { path: listingPath(firstRoute, FIRST_ROWS), answer: null, at: 0 };
if (early.path) {
  early.answer = get(early.path);
  early.at = performance.now();
  early.answer.catch(() => {}); // a failure is list.js's to show, when it takes the answer
}
/** The page's route, and the answer to its first rows' request (null when none was sent). */
export const firstAnswer = { route: firstRoute, answer: early.answer };

/** Settles once the first rows' answer has come (at once when none was asked for early). The
 *  app asks for the rest of its first screen (the sidebar, the categories) after it, so that the
 *  server answers the rows alone: at 10k, 11 ms on an idle server, 26–60 ms beside the others on
 *  two cores the browser uses too. */
export const firstRows = early.answer ? early.answer.then(() => {}, () => {}) : Promise.resolve();

/** The answer to listing request `path`: the one sent at start when it is the same request,
 *  nothing has taken it yet and it is recent, else a new one. */
export function listingAnswer(path) {
  if (early.answer && path === early.path && performance.now() - early.at <= EARLY_FOR) {
    const answer = early.answer;
    early.answer = null;
    return answer;
  }
  early.answer = null; // the first list asked for another, or too late: it is of no use now
  return get(path);
}
