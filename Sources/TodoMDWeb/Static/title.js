// The list's title: the route's name and icon (a built-in view's are the server's), drawn by the
// first screen (first.js) and by the header (header.js).
import { h, $, icon } from './util.js';
import { route, sidebar, listing } from './state.js';

/** The built-in view `id` as the sidebar's answer lists it (its name, icon and count). */
export const builtInView = (id) => ((sidebar() && sidebar().views) || []).find((v) => v.id === id);

/** The route's [title, icon, colour]; a built-in view's name and icon are the server's. */
export function routeTitle() {
  const r = route();
  if (r.kind === 'search') return [r.q ? `Search: “${r.q}”` : 'Search', 'search'];
  if (r.kind === 'perspective') {
    const p = (sidebar() && (sidebar().perspectives || []).find((x) => x.id === r.id));
    if (p) return [p.name, p.icon, p.color];
  }
  const m = /^(area|project|tag):(.*)$/.exec(r.id);
  if (m) return [m[2], { area: 'area', project: 'folder', tag: 'tag' }[m[1]]];
  const v = builtInView(r.id);
  if (v) return [v.name, v.icon];
  const L = earlyListing(r);
  if (L) return [L.name, L.icon, L.color];
  return [sidebar() ? r.id : '', 'list'];
}

/** Until the sidebar has come, the listing of route `r` when it has come: its answer (the row
 *  form) says what the header draws, so a first screen has its title with its rows. */
export function earlyListing(r) {
  const L = listing();
  return !sidebar() && L && L.name && !r.done && (L.view === r.id || L.view === 'perspective:' + r.id) ? L : null;
}

/** Draws the route's title in the header, and the page's. */
export function renderTitle() {
  const [title, ic, color] = routeTitle();
  const ico = icon(ic || 'list', 'title-icon');
  if (color) ico.style.color = color;
  $('#view-title').replaceChildren(ico, h('span', { text: title }));
  document.title = title ? `${title} · todo.md` : 'todo.md';
}
