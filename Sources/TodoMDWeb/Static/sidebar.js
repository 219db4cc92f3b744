// The sidebar: the server's views (names, icons and counts from GET /sidebar, the only source of
// them), the planner, notes and insights, areas → projects, tags, perspectives; and the drawer on a phone.
import { h, $, $$, icon, store, setToday, setNow } from './util.js';
import { get, post } from './api.js';
import { showError } from './ui.js';
import { sortable } from './drag.js';
import { openCategoryManager } from './categories.js';
import { route, sidebar, setSidebar, viewKey } from './state.js';
import { viewHref, perspHref } from './router.js';
import { openPerspective } from './lazy.js';

/** Loads GET /sidebar into the state (whose subscribers redraw). Dates are relative to the
 *  server's today (its clock and time zone), not the browser's. */
export async function loadSidebar() {
  try {
    const sb = await get('/sidebar');
    setToday(sb.today);
    setNow(sb.now);
    setSidebar(sb);
  } catch (e) { showError(e); }
}

/** A built-in view's name and icon, as the server gives them ({id, name, icon}), or undefined. */

function navLink(href, key, name, ic, count, extra = {}) {
  return h('li', null, h('a', { class: 'nav-item' + (extra.cls ? ' ' + extra.cls : ''), href, 'data-key': key, draggable: 'false' },
    extra.iconNode || icon(ic),
    h('span', { class: 'nav-name', text: name }),
    count != null && count !== 0 ? h('span', { class: 'nav-count', text: count }) : null));
}

export function renderSidebar() {
  const sb = sidebar();
  if (!sb) return;
  const box = $('#side-scroll');
  // Where the sidebar was scrolled to, kept across the redraw; the first draw has nothing to keep
  // (reading it would make the browser lay out the whole page before its first frame).
  const st = box.firstChild ? box.scrollTop : 0;
  const views = h('ul', { class: 'nav-list' });
  for (const v of sb.views || []) {
    const li = navLink(viewHref(v.id), v.id, v.name, v.icon, v.count, { cls: 'v-' + v.id });
    if (v.id === 'logbook') li.classList.add('gap');
    views.append(li);
    if (v.id === 'today') {
      // The day planner sits under Today: its count is what is still open on today's plan.
      const plan = sb.plan || {};
      const pl = navLink('#/plan', 'plan', 'Plan', 'sunrise', plan.open || null, { cls: 'v-plan' });
      pl.classList.add('gap');
      views.append(pl);
    }
  }
  const calLi = navLink('#/calendar', 'calendar', 'Calendar', 'calendar', null, { cls: 'v-calendar' });
  calLi.classList.add('gap');
  views.append(calLi);
  const notesLi = navLink('#/notes', 'notes', 'Notes', 'book', null, { cls: 'v-notes' });
  notesLi.classList.add('gap');
  views.append(notesLi);
  views.append(navLink('#/insights', 'insights', 'Insights', 'chart', null, { cls: 'v-insights' }));
  views.append(navLink('#/trash', 'trash', 'Trash', 'trash', null, { cls: 'v-trash' }));
  const sections = [views];
  const areas = sb.areas || [];
  if (areas.length) {
    const ul = h('ul', { class: 'nav-list' });
    for (const a of areas) {
      const li = navLink(viewHref('area:' + a.name), 'area:' + a.name, a.name, 'area', a.count, { cls: 'nav-area' });
      if (a.projects && a.projects.length) {
        li.append(h('ul', { class: 'nav-sub' }, a.projects.map((p) => navLink(viewHref('project:' + p.name), 'project:' + p.name, p.name, 'folder', p.count))));
      }
      ul.append(li);
    }
    sections.push(section('Areas', ul));
  }
  const loose = (sb.projects || []).filter((p) => !p.area);
  if (loose.length) {
    sections.push(section('Projects', h('ul', { class: 'nav-list' }, loose.map((p) => navLink(viewHref('project:' + p.name), 'project:' + p.name, p.name, 'folder', p.count)))));
  }
  {
    // Always there: its header opens the category manager (categories.js), even before any task has a tag.
    const tags = sb.tags || [];
    const tagSec = section('Tags', tags.length ? h('ul', { class: 'nav-list nav-tags' }, tags.map((t) => navLink(viewHref('tag:' + t.name), 'tag:' + t.name, t.name, 'tag', t.count)))
      : h('p', { class: 'nav-hint', text: 'Add #tags to tasks; give them icons and colours here.' }), 'tags');
    $('.nav-h', tagSec).append(h('button', { type: 'button', class: 'icon-btn small', 'aria-label': 'Edit categories', title: 'Categories', onclick: () => openCategoryManager() }, icon('edit')));
    sections.push(tagSec);
  }
  const plist = h('ul', { class: 'nav-list', id: 'persp-list' }, (sb.perspectives || []).map((p) => {
    const ic = icon(p.icon || 'list');
    if (p.color) ic.style.color = p.color;
    const li = navLink(perspHref(p.id), 'perspective:' + p.id, p.name, null, p.count, { iconNode: ic });
    li.dataset.id = p.id;
    return li;
  }));
  const phead = h('div', { class: 'nav-head-row' }, h('h2', { class: 'nav-head', id: 'persp-head', text: 'Perspectives' }),
    h('button', { type: 'button', class: 'icon-btn small', 'aria-label': 'New perspective', onclick: () => openPerspective(null) }, icon('plus')));
  sections.push(h('div', { class: 'nav-section' }, phead, plist.children.length ? plist : h('p', { class: 'nav-hint', text: 'Saved filters appear here.' })));
  box.replaceChildren(...sections);
  if (st) box.scrollTop = st;
  sortable(plist, {
    items: 'li', scroller: box,
    onDrop: async (el, { before }) => {
      try { await post(`/perspectives/${encodeURIComponent(el.dataset.id)}/move`, { before: before ? before.dataset.id : null }); } catch (e) { showError(e); }
      loadSidebar();
    },
  });
  renderSidebarActive();
}

function section(title, list, key) {
  const collapsed = key && store.get('collapsed.' + key, false);
  const id = 'sec-' + title.toLowerCase();
  const btn = h('button', { type: 'button', class: 'nav-head nav-toggle', 'aria-expanded': String(!collapsed), 'aria-controls': id }, title, icon('chevron', 'chev'));
  list.id = id;
  list.hidden = !!collapsed;
  btn.addEventListener('click', () => {
    const open = btn.getAttribute('aria-expanded') !== 'true';
    btn.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
    if (key) store.set('collapsed.' + key, !open);
  });
  return h('div', { class: 'nav-section' }, h('h2', { class: 'nav-h' }, btn), list);
}

/** Marks the entry of the route shown (`aria-current`). */
export function renderSidebarActive() {
  const r = route();
  if (!r) return;
  const key = r.kind === 'view' && r.done ? 'logbook' : viewKey();  // a board: its view's entry
  for (const a of $$('#sidebar .nav-item')) {
    if (a.dataset.key === (r.kind === 'calendar' ? 'calendar' : key)) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
}

// ---- the drawer on narrow screens ----
export function setNav(open) {
  $('#app').classList.toggle('nav-open', open);
  $('#menu-btn').setAttribute('aria-expanded', String(open));
  $('#scrim').hidden = !open && !$('#app').classList.contains('detail-overlay');
  if (open) setTimeout(() => ($('#sidebar [aria-current="page"]') || $('#search')).focus(), 50);
}
export const navOpen = () => $('#app').classList.contains('nav-open');
export const narrow = () => matchMedia('(max-width: 767px)').matches;

/** Wires the menu button, the drawer's close button and its scrim. */
export function wireSidebar({ onScrim }) {
  $('#menu-btn').addEventListener('click', () => setNav(!navOpen()));
  $('#side-close').addEventListener('click', () => { setNav(false); $('#menu-btn').focus(); });
  $('#scrim').addEventListener('click', onScrim);
  $('#sidebar').addEventListener('click', (e) => { if (e.target.closest('a.nav-item') && narrow()) setNav(false); });
}
