// The app's shared state: the route shown, the server's sidebar answer, the listing on screen, the
// keyboard cursor and the animations under way. Read it with the getters; change it only with the
// setters below, which tell whoever subscribed (no global object, nothing written from outside).
import { store } from './util.js';

const S = {
  route: null,      // the parsed route (router.js)
  sidebar: null,    // GET /sidebar: views, areas, projects, tags, perspectives, plan, today
  listing: null,    // GET /tasks for the route: {view, groups: [{name, tasks}]}
  cursor: null,     // the id of the task row the keyboard is on
  anim: 0,          // animations under way (a refresh waits for them)
  lastActive: '#/view/today', // the last "Doing" view, where "Doing" goes back to
};
const listeners = { sidebar: [] };

/** Calls `fn(value)` whenever `key` ('sidebar') is set. */
export function subscribe(key, fn) { listeners[key].push(fn); }
const tell = (key) => { for (const fn of listeners[key]) fn(S[key]); };

export const route = () => S.route;
export const sidebar = () => S.sidebar;
export const listing = () => S.listing;
export const cursor = () => S.cursor;
export const animating = () => S.anim > 0;
export const lastActive = () => S.lastActive;

export function setRoute(r) { S.route = r; }
export function setSidebar(sb) { S.sidebar = sb; tell('sidebar'); }
/** The listing on screen (null while one loads). */
export function setListing(l) { S.listing = l; }
export function setCursor(id) { S.cursor = id; }
export function setLastActive(hash) { S.lastActive = hash; }
/** An animation starts; a refresh waits until every one has ended. */
export function animStart() { S.anim++; }
export function animEnd() { S.anim--; }

// ---- derived from the route ----
/** The key a route's preferences and manual order are kept under. */
export const viewKey = (r = S.route) => r.kind === 'view' ? r.id : r.kind === 'perspective' ? 'perspective:' + r.id : r.kind === 'notes' ? 'notes' : r.kind === 'plan' ? 'plan' : r.kind === 'insights' ? 'insights' : r.kind === 'trash' ? 'trash' : r.kind === 'board' ? (boardSource(r).kind === 'view' ? r.id : 'perspective:' + r.id) : 'search';
const BUILT_IN = ['inbox', 'today', 'upcoming', 'anytime', 'someday', 'flagged', 'logbook', 'all'];
/** What a board route shows (§25): `{kind: 'view' | 'perspective', id}`; built-in views and
 *  `area:`/`project:`/`tag:` ids are views, any other id a perspective. */
export const boardSource = (r = S.route) => (BUILT_IN.includes(r.id) || /^(area|project|tag):./.test(r.id) ? { kind: 'view', id: r.id } : { kind: 'perspective', id: r.id });
/** Whether the route lists completed tasks (the Logbook, or a list's "Done" side). */
export const isDoneRoute = (r = S.route) => (r.kind === 'view' && (r.id === 'logbook' || r.done));

/** The route's saved display choices: {mode, sort, filter, filterOpen}. */
export const prefs = (key = viewKey()) => store.get('view.' + key, {});
export const setPrefs = (p, key = viewKey()) => store.set('view.' + key, p);

/** Every task of the listing, in display order. */
export const allTasks = () => S.listing ? S.listing.groups.flatMap((g) => g.tasks) : [];
export const findTask = (id) => allTasks().find((t) => t.id === id);
