// todo.md web app: routing, sidebar, task list, quick entry, keyboard, live updates.
import { h, kids, $, $$, icon, debounce, store, relDate, shortDate, isoDate, today, setToday, addDays, minutesText, PRIORITY_LABEL, STATUS_LABEL } from './util.js';
import { get, post, patch, put, del, ref, qs } from './api.js';
import { toast, showError, sheet, deferSheet, promptSheet, chooseSheet, confirmSheet } from './ui.js';
import { sortable } from './drag.js';
import { loadTheme, openSettings } from './settings.js';
import { initCategories, categoriesChanged, openCategoryManager } from './categories.js';
import { showNotes, hideNotes, notesChanged, notesKey } from './notes.js';
import { undoCompletion } from './undo.js';

// The editors load on first use, which keeps the first download small.
let E = null;
let editorCtx = null;
async function loadEditor() {
  if (!E) { const m = await import('./editor.js'); if (!E) { m.initEditor(editorCtx); E = m; } }
  return E;
}
const openEditor = async (id) => { try { (await loadEditor()).openEditor(id); } catch (e) { showError(e); } };
const closeEditor = (restore) => { if (E) E.closeEditor(restore); };
const editorId = () => (E ? E.editorId() : null);
const editorExternalChange = (id, kind) => { if (E) E.editorExternalChange(id, kind); };
// The day planner (#/plan, planner.js) loads on first use too.
let PL = null;
const planner = async () => PL || (PL = await import('./planner.js'));
const hidePlan = () => { if (PL) PL.hidePlan(); };
const openPerspectiveEditor = async (id, ctx) => {
  try { (await import('./perspective.js')).openPerspectiveEditor(id, ctx); } catch (e) { showError(e); }
};

const VIEWS = {
  inbox: ['Inbox', 'tray'], today: ['Today', 'star'], upcoming: ['Upcoming', 'calendar'], anytime: ['Anytime', 'stack'],
  someday: ['Someday', 'archive'], flagged: ['Flagged', 'flag'], logbook: ['Logbook', 'book'], all: ['All Tasks', 'list'],
};
const PLAN_REGION = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };
const MANUAL_VIEWS = new Set(['inbox', 'today', 'anytime', 'someday', 'flagged']);
const EMPTY = {
  inbox: ['Inbox is empty', 'Tasks without an area or project land here.'],
  today: ['Nothing for today', 'Enjoy the calm, or pull something in from Anytime.'],
  upcoming: ['Nothing coming up', 'Tasks with future dates will show here.'],
  anytime: ['Nothing available', 'Everything is done, deferred or someday.'],
  someday: ['No someday tasks', 'Park ideas here for later.'],
  flagged: ['No flagged tasks', 'Flag what matters most.'],
  logbook: ['Nothing completed yet', 'Completed tasks are kept here.'],
  all: ['No tasks', 'Add your first task above.'],
};
const MODES = [['list', 'List'], ['priority', 'Priority'], ['tag', 'Category'], ['due', 'Date']];
const SORTS = [['', 'Default'], ['manual', 'Manual'], ['due', 'Due date'], ['scheduled', 'Scheduled'], ['defer', 'Defer date'],
  ['priority', 'Priority'], ['title', 'Title'], ['estimate', 'Estimate'], ['created', 'Newest'], ['modified', 'Recently changed'],
  ['flagged', 'Flagged first'], ['project_order', 'Project order'], ['project_recent', 'Recent projects']];
const FILTER_STATUSES = ['todo', 'in-progress', 'someday'];
const PRIORITIES = ['high', 'medium', 'low', 'none'];

const S = {
  route: null, sidebar: null, listing: null, selected: null, selectMode: false, selection: new Set(),
  anim: 0, loadSeq: 0, lastActive: '#/view/today', perspectives: {},
};
window.todomd = S; // for debugging in the console

// ---------- Routing ----------
const viewHref = (id) => '#/view/' + encodeURIComponent(id).replace(/%3A/gi, ':');
const perspHref = (id) => '#/perspective/' + encodeURIComponent(id);

function parseRoute() {
  const raw = location.hash.replace(/^#\/?/, '');
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

const viewKey = (r = S.route) => r.kind === 'view' ? r.id : r.kind === 'perspective' ? 'perspective:' + r.id : r.kind === 'notes' ? 'notes' : r.kind === 'plan' ? 'plan' : 'search';
const isDoneRoute = (r = S.route) => (r.kind === 'view' && (r.id === 'logbook' || r.done));
const prefs = (key = viewKey()) => store.get('view.' + key, {});
const setPrefs = (p, key = viewKey()) => store.set('view.' + key, p);

function onRoute() {
  const r = parseRoute();
  if (!r) { location.replace(viewHref('today')); return; }
  const changed = !S.route || JSON.stringify(r) !== JSON.stringify(S.route);
  S.route = r;
  if (!changed) return;
  if (r.kind !== 'plan') hidePlan();
  // Notes (notes.js) take the list's place; leaving them gives it back.
  if (r.kind === 'notes') { if (editorId()) closeEditor(false); setNav(false); S.listing = null; renderSidebarActive(); showNotes(r, pctx); return; }
  hideNotes();
  // So does the planner.
  if (r.kind === 'plan') {
    if (editorId()) closeEditor(false);
    setNav(false); S.listing = null; renderSidebarActive();
    planner().then((m) => m.showPlan(r, planCtx)).catch(showError);
    return;
  }
  if (!isDoneRoute(r) && r.kind !== 'search') S.lastActive = location.hash;
  S.selected = null;
  S.selection.clear();
  S.selectMode = false;
  S.listing = null;
  if (editorId()) closeEditor(false);
  setNav(false);
  $('#search').value = r.kind === 'search' ? r.q : '';
  $('#scroll').scrollTop = 0;
  renderHeader();
  renderSidebarActive();
  $('#task-list').replaceChildren();
  $('#empty').hidden = true;
  loadList();
}

// ---------- Data ----------
async function loadSidebar() {
  try {
    const sb = await get('/sidebar');
    S.sidebar = sb;
    // Dates are relative to the server's today (its clock and time zone), not the browser's.
    const before = today();
    setToday(sb.today);
    renderSidebar();
    renderHeader();
    if (today() !== before && S.listing) renderList();
  } catch (e) { showError(e); }
}

function listingPath() {
  const r = S.route;
  if (r.kind === 'search') return '/search' + qs({ q: r.q });
  const p = prefs();
  const f = p.filter || {};
  const params = {};
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

async function loadList() {
  if (S.route && S.route.kind === 'plan') { if (PL) PL.planChanged(); return; }
  if (!S.route || S.route.kind === 'notes') return;
  const seq = ++S.loadSeq;
  const route = S.route;
  try {
    const listing = await get(listingPath());
    if (seq !== S.loadSeq || route !== S.route) return;
    S.listing = listing;
    renderList();
    renderHeader();
  } catch (e) {
    if (seq !== S.loadSeq) return;
    S.listing = { groups: [] };
    renderList();
    if (e.status === 404) toast(`“${route.id || ''}” was not found.`, { error: true });
    else showError(e);
  }
}

let refreshTimer = null;
/** Refetches the list and sidebar, coalescing bursts and waiting for animations and drags. */
function refresh(delay = 120) {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    if (S.anim > 0 || document.body.classList.contains('is-dragging')) { refresh(250); return; }
    loadSidebar();
    loadList();
  }, delay);
}

const allTasks = () => S.listing ? S.listing.groups.flatMap((g) => g.tasks) : [];
const findTask = (id) => allTasks().find((t) => t.id === id);

// ---------- Sidebar ----------
function navLink(href, key, name, ic, count, extra = {}) {
  return h('li', null, h('a', { class: 'nav-item' + (extra.cls ? ' ' + extra.cls : ''), href, 'data-key': key, draggable: 'false' },
    extra.iconNode || icon(ic),
    h('span', { class: 'nav-name', text: name }),
    count != null && count !== 0 ? h('span', { class: 'nav-count', text: count }) : null));
}

function renderSidebar() {
  const sb = S.sidebar;
  if (!sb) return;
  const box = $('#side-scroll');
  const st = box.scrollTop;
  const views = h('ul', { class: 'nav-list' });
  for (const v of sb.views || []) {
    const [name, ic] = VIEWS[v.id] || [v.name, 'list'];
    const li = navLink(viewHref(v.id), v.id, v.name || name, v.id in VIEWS ? ic : v.icon, v.id === 'logbook' || v.id === 'all' ? null : v.count,
      { cls: 'v-' + v.id });
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
  const notesLi = navLink('#/notes', 'notes', 'Notes', 'book', null, { cls: 'v-notes' });
  notesLi.classList.add('gap');
  views.append(notesLi);
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
    h('button', { type: 'button', class: 'icon-btn small', 'aria-label': 'New perspective', onclick: () => openPerspectiveEditor(null, pctx) }, icon('plus')));
  sections.push(h('div', { class: 'nav-section' }, phead, plist.children.length ? plist : h('p', { class: 'nav-hint', text: 'Saved filters appear here.' })));
  box.replaceChildren(...sections);
  box.scrollTop = st;
  sortable(plist, {
    items: 'li', scroller: box,
    onDrop: async (el, { before }) => {
      try { await post(`/perspectives/${encodeURIComponent(el.dataset.id)}/move`, { before: before ? before.dataset.id : null }); } catch (e) { showError(e); }
      refresh();
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

function renderSidebarActive() {
  if (!S.route) return;
  const key = S.route.kind === 'view' && S.route.done ? 'logbook' : viewKey();
  for (const a of $$('#sidebar .nav-item')) {
    if (a.dataset.key === key) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
}

// Drawer on narrow screens.
function setNav(open) {
  $('#app').classList.toggle('nav-open', open);
  $('#menu-btn').setAttribute('aria-expanded', String(open));
  $('#scrim').hidden = !open && !$('#app').classList.contains('detail-overlay');
  if (open) setTimeout(() => ($('#sidebar [aria-current="page"]') || $('#search')).focus(), 50);
}
const narrow = () => matchMedia('(max-width: 767px)').matches;

// ---------- Header, toolbar, filter bar ----------
function routeTitle() {
  const r = S.route;
  if (r.kind === 'search') return [r.q ? `Search: “${r.q}”` : 'Search', 'search'];
  if (r.kind === 'perspective') {
    const p = (S.sidebar && (S.sidebar.perspectives || []).find((x) => x.id === r.id));
    if (p) return [p.name, p.icon, p.color];
    if (VIEWS[r.id]) return [VIEWS[r.id][0], VIEWS[r.id][1]];
    return [(S.listing && S.listing.name) || r.id, 'list'];
  }
  const m = /^(area|project|tag):(.*)$/.exec(r.id);
  if (m) return [m[2], { area: 'area', project: 'folder', tag: 'tag' }[m[1]]];
  return VIEWS[r.id] || [(S.listing && S.listing.name) || r.id, 'list'];
}

function renderHeader() {
  if (!S.route || S.route.kind === 'notes' || S.route.kind === 'plan') return;
  const [title, ic, color] = routeTitle();
  const t = $('#view-title');
  const ico = icon(ic || 'list', 'title-icon');
  if (color) ico.style.color = color;
  t.replaceChildren(ico, h('span', { text: title }));
  document.title = `${title} · todo.md`;

  const r = S.route;
  const acts = $('#head-actions');
  kids(acts,
    r.kind === 'perspective' ? h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Edit perspective', title: 'Edit perspective', onclick: () => openPerspectiveEditor(r.id, pctx) }, icon('edit')) : null,
    h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Select tasks', title: 'Select', 'aria-pressed': String(S.selectMode), onclick: () => setSelectMode(!S.selectMode) }, icon('checks')),
  );

  const p = prefs();
  const mode = p.mode || 'list';
  const tb = $('#toolbar');
  const setMode = (k) => { setPrefs({ ...prefs(), mode: k }); renderHeader(); loadList(); };
  const seg = [h('div', { class: 'seg modes', role: 'group', 'aria-label': 'Group by' }, MODES.map(([k, label]) =>
    h('button', { type: 'button', class: 'seg-btn', 'aria-pressed': String(mode === k), text: label, onclick: () => setMode(k) }))),
  h('select', { class: 'input select mode-select', 'aria-label': 'Group by', onchange: (e) => setMode(e.target.value) },
    MODES.map(([k, label]) => h('option', { value: k, text: label, selected: mode === k })))];
  const nf = filterCount(p);
  const fbtn = h('button', { type: 'button', class: 'tool-btn', 'aria-label': nf ? `Filter, ${nf} active` : 'Filter', 'aria-expanded': String(!!p.filterOpen), 'aria-controls': 'filter-bar', onclick: () => { setPrefs({ ...prefs(), filterOpen: !prefs().filterOpen }); renderHeader(); } },
    icon('filter'), h('span', { text: 'Filter' }), nf ? h('span', { class: 'badge', text: nf }) : null);
  const done = isDoneRoute();
  const dd = h('div', { class: 'seg', role: 'group', 'aria-label': 'Show' },
    h('button', { type: 'button', class: 'seg-btn', 'aria-pressed': String(!done), text: 'Doing', onclick: () => toggleDone(false) }),
    h('button', { type: 'button', class: 'seg-btn', 'aria-pressed': String(done), text: 'Done', onclick: () => toggleDone(true) }));
  kids(tb, r.kind === 'search' ? null : seg, r.kind === 'search' ? null : fbtn, h('span', { class: 'grow' }), r.kind === 'search' ? null : dd);
  $('#quick').hidden = isDoneRoute();
  renderFilterBar();
  renderBanner();
}

function toggleDone(done) {
  const r = S.route;
  if (done === isDoneRoute()) return;
  if (done) {
    if (r.kind === 'view' && /^(area|project|tag):/.test(r.id)) location.hash = viewHref(r.id) + '?done=1';
    else location.hash = viewHref('logbook');
  } else if (r.kind === 'view' && r.done) location.hash = viewHref(r.id);
  else location.hash = S.lastActive || viewHref('today');
}

const filterCount = (p) => {
  const f = p.filter || {};
  return (f.status || []).length + (f.priority || []).length + (f.projects ? 1 : 0) + (p.sort ? 1 : 0);
};

function renderFilterBar() {
  const bar = $('#filter-bar');
  const p = prefs();
  bar.hidden = !p.filterOpen || S.route.kind === 'search';
  if (bar.hidden) { bar.replaceChildren(); return; }
  const f = p.filter || {};
  const save = (nf, extra = {}) => { setPrefs({ ...prefs(), ...extra, filter: { ...(prefs().filter || {}), ...nf } }); renderHeader(); loadList(); };
  const toggles = (label, values, sel, key, names) => h('div', { class: 'fgroup', role: 'group', 'aria-label': label },
    h('span', { class: 'flabel', text: label }),
    values.map((v) => h('button', {
      type: 'button', class: 'chip-btn', 'aria-pressed': String(sel.includes(v)), text: names[v] || v,
      onclick: () => save({ [key]: sel.includes(v) ? sel.filter((x) => x !== v) : [...sel, v] }),
    })));
  const status = f.status || [], prio = f.priority || [];
  const sortSel = h('select', { class: 'input select', 'aria-label': 'Sort', onchange: (e) => save({}, { sort: e.target.value }) },
    SORTS.map(([v, l]) => h('option', { value: v, text: l, selected: (p.sort || '') === v })));
  const parts = [toggles('Status', FILTER_STATUSES, status, 'status', STATUS_LABEL), toggles('Priority', PRIORITIES, prio, 'priority', PRIORITY_LABEL),
    h('label', { class: 'fgroup' }, h('span', { class: 'flabel', text: 'Sort' }), sortSel)];

  const isProject = S.route.kind === 'view' && S.route.id.startsWith('project:');
  const projects = (S.sidebar && S.sidebar.projects) || [];
  if (!isProject && projects.length) {
    const names = projects.map((x) => x.name);
    const chosen = f.projects || names;
    const setProjects = (list) => save({ projects: list.length === names.length && names.every((n) => list.includes(n)) ? null : list });
    const plist = h('ul', { class: 'fprojects', 'aria-label': 'Projects (drag to reorder)' }, names.map((n) => {
      const id = 'fp-' + n.replace(/\W+/g, '_');
      return h('li', { class: 'fproject', 'data-name': n },
        h('input', { type: 'checkbox', id, checked: chosen.includes(n), onchange: (e) => setProjects(e.target.checked ? [...chosen, n] : chosen.filter((x) => x !== n)) }),
        h('label', { for: id, text: n }), h('span', { class: 'grip', 'aria-hidden': 'true' }, icon('grip')));
    }));
    sortable(plist, {
      items: 'li', ignore: 'input',
      onDrop: async () => {
        const order = $$('li', plist).map((li) => li.dataset.name);
        try { await put('/projects/order', { projects: order }); toast('Project order saved.'); } catch (e) { showError(e); }
        refresh();
      },
    });
    parts.push(h('div', { class: 'fgroup fgroup-projects' },
      h('span', { class: 'flabel', text: 'Projects' }),
      h('button', { type: 'button', class: 'link-btn', text: 'All', onclick: () => save({ projects: null }) }),
      h('button', { type: 'button', class: 'link-btn', text: 'None', onclick: () => save({ projects: [] }) }),
      plist));
  }
  parts.push(h('button', { type: 'button', class: 'link-btn', text: 'Reset filters', onclick: () => { setPrefs({ mode: p.mode, filterOpen: true }); renderHeader(); loadList(); } }));
  kids(bar, ...parts);
}

function renderBanner() {
  const b = $('#banner');
  const od = S.route.kind === 'view' && S.route.id === 'today' && S.listing && S.listing.groups.find((g) => g.name === 'Overdue');
  const n = od ? od.tasks.length : 0;
  if (!n) { b.replaceChildren(); return; }
  const go = async (date, label) => {
    try {
      const res = await post('/reschedule-overdue', { date });
      toast(`Moved ${(res && res.tasks ? res.tasks.length : n)} overdue ${n === 1 ? 'task' : 'tasks'} to ${label}.`);
    } catch (e) { showError(e); }
    refresh(0);
  };
  b.replaceChildren(h('div', { class: 'banner' },
    h('span', { text: `${n} overdue ${n === 1 ? 'task' : 'tasks'}` }),
    h('span', { class: 'grow' }),
    h('button', { type: 'button', class: 'btn btn-small', text: 'Reschedule all to Today', onclick: () => go('today', 'today') }),
    h('button', { type: 'button', class: 'btn btn-small btn-quiet', text: 'Tomorrow', 'aria-label': 'Reschedule all overdue to tomorrow', onclick: () => go('tomorrow', 'tomorrow') })));
}

// ---------- Task list ----------
function groupLabel(name) {
  if (isoDate(name)) return relDate(name) === shortDate(name) ? shortDate(name) : `${relDate(name)} · ${shortDate(name)}`;
  if (prefs().mode === 'priority' && PRIORITY_LABEL[name.toLowerCase()]) return PRIORITY_LABEL[name.toLowerCase()] + (name.toLowerCase() === 'none' ? ' priority' : '');
  if (prefs().mode === 'tag' && !/^No /.test(name)) return '#' + name;
  return name;
}

function chip(cls, text, ic, label) {
  return h('span', { class: 'chip ' + cls, title: label || null }, ic ? icon(ic) : null, label ? h('span', { class: 'sr', text: label + ': ' }) : null, h('span', { text }));
}

function taskRow(t) {
  const done = t.status === 'done' || t.status === 'cancelled';
  const td = today();
  const r = S.route;
  const li = h('li', { class: 'task' + (done ? ' is-done' : '') + (t.status === 'cancelled' ? ' is-cancelled' : '') + (S.selected === t.id ? ' selected' : '') + (S.selection.has(t.id) ? ' picked' : ''), 'data-id': t.id });
  const check = S.selectMode
    ? h('button', { type: 'button', class: 'check pick', 'aria-label': `Select ${t.title}`, 'aria-pressed': String(S.selection.has(t.id)) }, icon('check'))
    : h('button', { type: 'button', class: 'check prio-' + (t.priority || 'none'), 'aria-label': (done ? 'Reopen ' : 'Complete ') + t.title, 'aria-pressed': String(done) }, icon('check'));
  const meta = [];
  if (t.defer && t.defer > td && !done) meta.push(chip('muted', 'Starts ' + relDate(t.defer), 'clock', 'Deferred'));
  if (t.scheduled && !done && !(t.scheduled <= td && r.kind === 'view' && r.id === 'today')) meta.push(chip(t.scheduled < td ? 'muted' : 'sched', relDate(t.scheduled), 'calendar', 'Scheduled'));
  if (t.due && !done) {
    const over = t.due < td;
    meta.push(chip(over ? 'overdue' : t.due === td ? 'due-today' : 'due', (over ? 'Due ' : 'Due ') + relDate(t.due), null, over ? 'Overdue' : null));
  }
  // Planned for today in the 1–3–5 planner: which part of the day (Things' "This Evening").
  if (!done && t.plan_date === td && PLAN_REGION[t.region]) meta.push(chip('sched', PLAN_REGION[t.region] + (t.bucket === 'must' ? ' · Must-Do' : ''), 'sunrise', 'Planned'));
  if (done && t.completed) meta.push(chip('muted', (t.status === 'cancelled' ? 'Cancelled ' : 'Done ') + relDate(localDay(t.completed)), null));
  const inProject = r.kind === 'view' && (r.id === 'project:' + t.project || (r.id.startsWith('area:') && (prefs().mode || 'list') === 'list'));
  if (t.project && !inProject) meta.push(chip('pill', t.project, 'folder', 'Project'));
  else if (!t.project && t.area && !(r.kind === 'view' && r.id === 'area:' + t.area)) meta.push(chip('pill', t.area, 'area', 'Area'));
  for (const tag of t.tags || []) if (!(r.kind === 'view' && r.id === 'tag:' + tag)) meta.push(chip('tag', '#' + tag));
  if (t.estimated_minutes != null) meta.push(chip('muted', minutesText(t.estimated_minutes), 'clock', 'Estimate'));
  if (t.recurrence) meta.push(h('span', { class: 'chip muted', title: 'Repeats' }, icon('repeat'), h('span', { class: 'sr', text: 'Repeats' })));
  if (t.status === 'in-progress') meta.push(chip('progress', 'In progress'));
  if (t.status === 'someday' && !(r.kind === 'view' && r.id === 'someday')) meta.push(chip('muted', 'Someday'));
  if (t.source && t.source !== 'user') meta.push(chip('source', 'via ' + t.source, null));
  if (t.body && t.body.trim()) meta.push(h('span', { class: 'chip muted', title: 'Has notes' }, icon('book'), h('span', { class: 'sr', text: 'Has notes' })));

  const prio = t.priority && t.priority !== 'none'
    ? h('span', { class: 'prio prio-' + t.priority, title: PRIORITY_LABEL[t.priority] + ' priority' },
      h('span', { 'aria-hidden': 'true', text: { high: '!!!', medium: '!!', low: '!' }[t.priority] }), h('span', { class: 'sr', text: PRIORITY_LABEL[t.priority] + ' priority' }))
    : null;
  const flag = t.flagged ? h('span', { class: 'flag', title: 'Flagged' }, icon('flag'), h('span', { class: 'sr', text: 'Flagged' })) : null;

  li.append(h('div', { class: 'task-inner' },
    check,
    h('div', { class: 'task-main' },
      h('div', { class: 'task-line' },
        h('button', { type: 'button', class: 'task-title', text: t.title }), prio, flag),
      t.description ? h('div', { class: 'task-desc', text: t.description }) : null,
      meta.length ? h('div', { class: 'task-meta' }, meta) : null)));
  return li;
}

const localDay = (iso) => { const d = new Date(iso); return isNaN(d) ? iso.slice(0, 10) : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; };

function renderList() {
  const ul = $('#task-list');
  const L = S.listing;
  if (!L) return;
  const active = document.activeElement;
  const focusRow = active && active.closest && active.closest('#task-list .task');
  const focusId = focusRow && focusRow.dataset.id;
  const focusCls = focusRow && (active.classList.contains('check') ? '.check' : '.task-title');
  const frag = [];
  let total = 0;
  const ids = new Set();
  for (const g of L.groups || []) {
    if (!g.tasks.length && g.name) continue;
    if (g.name) frag.push(h('li', { class: 'group', 'data-group': g.name }, h('h2', { class: 'group-head' }, h('span', { text: groupLabel(g.name) }), h('span', { class: 'group-count', text: g.tasks.length }))));
    for (const t of g.tasks) { frag.push(taskRow(t)); total++; ids.add(t.id); }
  }
  ul.replaceChildren(...frag);
  if (S.selected && !ids.has(S.selected)) S.selected = null;
  for (const id of [...S.selection]) if (!ids.has(id)) S.selection.delete(id);
  if (focusId) { const el = rowEl(focusId); if (el) $(focusCls, el).focus(); }
  const empty = $('#empty');
  empty.hidden = total > 0;
  if (!total) renderEmpty(empty);
  renderBanner();
  renderBulkBar();
}

function renderEmpty(box) {
  const r = S.route;
  let [title, text] = r.kind === 'search' ? [r.q ? 'No matches' : 'Search your tasks', r.q ? `Nothing contains “${r.q}”.` : 'Type in the search box to find tasks by title, description or notes.']
    : r.kind === 'perspective' ? ['No matching tasks', 'Nothing fits this perspective right now.']
      : r.done ? ['Nothing completed here yet', 'Completed tasks will be kept here.']
        : EMPTY[r.id] || ['All clear', 'No open tasks here.'];
  if (filterCount(prefs()) && r.kind !== 'search') text = 'Some tasks may be hidden by the filter.';
  const [, ic] = routeTitle();
  box.replaceChildren(h('div', { class: 'empty-icon' }, icon(r.kind === 'search' ? 'search' : ic || 'check')), h('p', { class: 'empty-title', text: title }), h('p', { class: 'empty-text', text }));
}

const rowEl = (id) => $$('#task-list .task').find((li) => li.dataset.id === id);

function select(id, focus = true) {
  S.selected = id;
  for (const li of $$('#task-list .task.selected')) li.classList.remove('selected');
  const el = id && rowEl(id);
  if (el) {
    el.classList.add('selected');
    if (focus) { $('.task-title', el).focus({ preventScroll: true }); el.scrollIntoView({ block: 'nearest' }); }
  }
}

function moveSelection(delta) {
  const rows = $$('#task-list .task');
  if (!rows.length) return;
  let i = rows.findIndex((li) => li.dataset.id === S.selected);
  i = i < 0 ? (delta > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, i + delta));
  select(rows[i].dataset.id);
}

// ---------- Task actions ----------
async function complete(id) {
  const li = rowEl(id);
  const t = findTask(id);
  const title = t ? t.title : 'task';
  if (t && (t.status === 'done' || t.status === 'cancelled')) return reopen(id, true);
  if (li) {
    if (li.classList.contains('completing')) return;
    li.classList.add('completing');
  }
  S.anim++;
  let ok = true;
  let receipt = null; // what undoing needs (the server's `undo`), so Undo also removes a repeat's next task
  const req = post(`/tasks/${ref(id)}/complete`).then((t) => { receipt = t && t.undo; }).catch((e) => { ok = false; showError(e); });
  await new Promise((r) => setTimeout(r, 420));
  await req;
  if (!ok) { if (li) li.classList.remove('completing'); S.anim--; refresh(); return; }
  if (li && li.isConnected) {
    li.style.height = li.offsetHeight + 'px';
    li.classList.add('collapsing');
    requestAnimationFrame(() => { li.style.height = '0px'; });
    await new Promise((r) => setTimeout(r, 280));
    if (S.selected === id) {
      const rows = $$('#task-list .task');
      const i = rows.indexOf(li);
      const next = rows[i + 1] || rows[i - 1];
      S.selected = next ? next.dataset.id : null;
      if (next && document.activeElement && document.activeElement.closest('.task') === li) select(next.dataset.id);
    }
    li.remove();
  }
  S.anim--;
  if (editorId() === id) closeEditor();
  toast(`Completed “${title}”`, { action: 'Undo', onAction: () => (receipt ? undoCompletion(receipt).then(() => refresh(0)) : reopen(id)) });
  refresh(0);
}

async function reopen(id, announce = false) {
  try {
    const t = await post(`/tasks/${ref(id)}/reopen`);
    if (announce) toast(`Reopened “${t.title}”`);
  } catch (e) { showError(e); }
  refresh(0);
}

async function deferTasks(ids) {
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

async function onDrop(el, { before, group, fromGroup }) {
  const id = el.dataset.id;
  const t = findTask(id);
  S.anim++;
  try {
    if (group && group !== fromGroup && t) {
      const change = groupChange(t, group.dataset.group, fromGroup && fromGroup.dataset.group);
      if (change) await patch(`/tasks/${ref(id)}`, change);
    }
    await post(`/tasks/${ref(id)}/move`, { view: viewKey(), before: before ? before.dataset.id : null });
  } catch (e) { showError(e); }
  S.anim--;
  refresh(0);
}

/** The field change that puts task `t` into group `name` of the current grouping (or null). */
function groupChange(t, name, from) {
  const mode = prefs().mode || 'list';
  const lower = name.toLowerCase();
  if (mode === 'priority') {
    const p = PRIORITIES.find((x) => lower === x || lower.startsWith(x)) || (lower.startsWith('no') ? 'none' : null);
    return p ? { priority: p } : null;
  }
  if (mode === 'tag') {
    const tags = t.tags || [];
    if (/^no tags?$/i.test(name)) return from ? { tags: tags.filter((x) => x !== from) } : null;
    return tags.includes(name) ? null : { tags: [...tags, name] };
  }
  if (mode === 'due') {
    const grp = S.listing.groups.find((g) => g.name === name);
    const other = grp && grp.tasks.find((x) => x.id !== t.id && x.due);
    if (/^no /i.test(name)) return { due: null };
    if (other) return { due: other.due };
    const td = today();
    const natural = { overdue: addDays(td, -1), today: td, tomorrow: addDays(td, 1), 'next 7 days': addDays(td, 2), later: addDays(td, 7) }[lower];
    if (isoDate(name)) return { due: name };
    return natural ? { due: natural } : null;
  }
  // The view's own groups.
  const r = S.route;
  if (r.kind === 'view' && r.id.startsWith('area:')) return { project: /^no project$/i.test(name) ? null : name };
  if (r.kind === 'view' && r.id === 'upcoming' && isoDate(name)) return t.scheduled || !t.due ? { scheduled: name } : { due: name };
  return null;
}

// ---------- Select mode and bulk actions ----------
function setSelectMode(on) {
  S.selectMode = on;
  S.selection.clear();
  renderHeader();
  renderList();
}

function renderBulkBar() {
  const bar = $('#bulk-bar');
  bar.hidden = !S.selectMode;
  $('#app').classList.toggle('selecting', S.selectMode);
  if (!S.selectMode) { bar.replaceChildren(); return; }
  const n = S.selection.size;
  const b = (label, ic, fn, danger) => h('button', { type: 'button', class: 'bulk-btn' + (danger ? ' danger' : ''), disabled: !n, onclick: fn }, icon(ic), h('span', { text: label }));
  bar.replaceChildren(
    h('span', { class: 'bulk-count', text: n ? `${n} selected` : 'Select tasks' }),
    h('div', { class: 'bulk-actions' },
      b('Complete', 'check', () => bulk('complete')),
      b('Defer', 'calendar', () => bulk('defer')),
      b('Priority', 'flag', () => bulk('priority')),
      b('Move', 'folder', () => bulk('move')),
      b('Tags', 'tag', () => bulk('tags')),
      b('Delete', 'trash', () => bulk('delete'), true)),
    h('button', { type: 'button', class: 'btn btn-small', text: 'Done', onclick: () => setSelectMode(false) }));
}

async function each(ids, fn, verb) {
  let n = 0;
  for (const id of ids) { try { await fn(id); n++; } catch (e) { showError(e); } }
  if (n) toast(`${verb} ${n} ${n === 1 ? 'task' : 'tasks'}.`);
  S.selection.clear();
  refresh(0);
}

async function bulk(action) {
  const ids = [...S.selection];
  if (!ids.length) return;
  const sb = S.sidebar || {};
  if (action === 'complete') return each(ids, (id) => post(`/tasks/${ref(id)}/complete`), 'Completed');
  if (action === 'defer') { if (await deferTasks(ids)) S.selection.clear(); return; }
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
  if (action === 'delete') {
    if (await confirmSheet(`Delete ${ids.length} ${ids.length === 1 ? 'task' : 'tasks'}?`, 'They move to the vault’s .trash folder, where you can restore them.')) {
      each(ids, (id) => del(`/tasks/${ref(id)}`), 'Deleted');
    }
  }
}

// ---------- Quick entry ----------
let parseSeq = 0;
const previewParse = debounce(async (text) => {
  const seq = ++parseSeq;
  const out = $('#quick-preview');
  if (!text.trim()) { out.replaceChildren(); return; }
  try {
    const res = await post('/parse', { text });
    if (seq !== parseSeq) return;
    const title = res.task && res.task.title;
    kids(out,
      title ? h('span', { class: 'qp-title', text: title }) : null,
      res.preview ? h('span', { class: 'qp-rest', text: (title ? ' · ' : '') + res.preview }) : null);
  } catch (e) {
    if (seq === parseSeq) out.replaceChildren(h('span', { class: 'qp-err', text: e.message }));
  }
}, 120);

function quickContext(text) {
  const r = S.route;
  const extra = {};
  if (r.kind !== 'view') return [text, extra];
  const m = /^(area|project|tag):(.*)$/.exec(r.id);
  if (m && m[1] === 'project' && !/(^|\s)\+\S/.test(text)) extra.project = m[2];
  if (m && m[1] === 'area' && !/(^|\s)@\S/.test(text) && !/(^|\s)\+\S/.test(text)) extra.area = m[2];
  if (m && m[1] === 'tag' && /^[\p{L}\p{N}_/-]+$/u.test(m[2]) && !new RegExp(`(^|\\s)#${m[2].replace(/[/-]/g, '\\$&')}(\\s|$)`).test(text)) text += ' #' + m[2];
  if (r.id === 'someday') extra.status = 'someday';
  if (r.id === 'flagged') extra.flagged = true;
  return [text, extra];
}

async function quickSubmit(e) {
  e.preventDefault();
  const input = $('#quick-input');
  const raw = input.value.trim();
  if (!raw) return;
  const [text, extra] = quickContext(raw);
  input.disabled = true;
  try {
    const t = await post('/tasks', { text, ...extra });
    input.value = '';
    $('#quick-preview').replaceChildren();
    parseSeq++;
    const where = !t.area && !t.project && !(S.route.kind === 'view' && S.route.id === 'inbox') && !t.due && !t.scheduled && t.status !== 'someday' ? ' to the Inbox' : '';
    toast(`Added “${t.title}”${where}.`, { action: 'Open', onAction: () => openEditor(t.id) });
    S.selected = t.id;
    refresh(0);
  } catch (err) { showError(err); }
  input.disabled = false;
  input.focus();
}

// ---------- Shortcuts ----------
const KEYS = [['n', 'New task'], ['/', 'Search'], ['j / ↓', 'Next task'], ['k / ↑', 'Previous task'], ['x', 'Complete selected task'],
  ['e / Enter', 'Open selected task'], ['d', 'Defer selected task'], ['Esc', 'Close, or clear selection'], ['g t', 'Go to Today'], ['g i', 'Go to Inbox'],
  ['g u', 'Go to Upcoming'], ['g a', 'Go to Anytime'], ['g s', 'Go to Someday'], ['g f', 'Go to Flagged'], ['g l', 'Go to Logbook'], ['?', 'Show this list']];
function showShortcuts() {
  if ($('dialog.keys-sheet')) return;
  sheet('Keyboard shortcuts', h('dl', { class: 'keys' }, KEYS.map(([k, d]) => [h('dt', null, k.split(' ').map((x) => x === '/' && k !== '/' ? ' / ' : h('kbd', { text: x }))), h('dd', { text: d })])), [], { cls: 'keys-sheet' });
}

const GO = { t: 'today', i: 'inbox', u: 'upcoming', a: 'anytime', s: 'someday', f: 'flagged', l: 'logbook' };
let gPending = 0;
function onKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  const tgt = e.target;
  const typing = tgt.closest && tgt.closest('input, textarea, select, [contenteditable="true"]');
  if (document.querySelector('dialog[open]')) return; // sheets handle their own keys
  if (e.key === 'Escape') {
    if (typing && tgt.id === 'quick-input') { tgt.value = ''; previewParse(''); tgt.blur(); return; }
    if (typing && tgt.id === 'search') { tgt.blur(); return; }
    if (editorId()) { closeEditor(); return; }
    if ($('#app').classList.contains('nav-open')) { setNav(false); $('#menu-btn').focus(); return; }
    if (S.selectMode) { setSelectMode(false); return; }
    if (S.selected) { select(null, false); document.activeElement.blur(); }
    return;
  }
  if (typing) return;
  if (S.route && S.route.kind === 'notes' && !gPending && notesKey(e)) return;
  if (S.route && S.route.kind === 'plan' && !gPending && PL && PL.planKey(e)) return;
  if (gPending && Date.now() - gPending < 1500) {
    gPending = 0;
    if (GO[e.key]) { e.preventDefault(); location.hash = viewHref(GO[e.key]); }
    return;
  }
  const sel = S.selected;
  switch (e.key) {
    case 'g': gPending = Date.now(); break;
    case 'n': e.preventDefault(); focusQuick(); break;
    case '/': e.preventDefault(); if (narrow()) setNav(true); $('#search').focus(); $('#search').select(); break;
    case '?': e.preventDefault(); showShortcuts(); break;
    case 'j': case 'ArrowDown': e.preventDefault(); moveSelection(1); break;
    case 'k': case 'ArrowUp': e.preventDefault(); moveSelection(-1); break;
    case 'x': if (sel) { e.preventDefault(); if (S.selectMode) togglePick(sel); else complete(sel); } break;
    case 'd': if (sel) { e.preventDefault(); deferTasks([sel]); } break;
    case 'e': if (sel) { e.preventDefault(); openEditor(sel); } break;
    case 'Enter':
      if (sel && tgt.closest && !tgt.closest('button, a')) { e.preventDefault(); openEditor(sel); }
      break;
    default:
  }
}

function focusQuick() {
  $('#scroll').scrollTop = 0;
  const q = $('#quick-input');
  q.focus();
}

function togglePick(id) {
  if (S.selection.has(id)) S.selection.delete(id); else S.selection.add(id);
  const li = rowEl(id);
  if (li) {
    li.classList.toggle('picked', S.selection.has(id));
    const b = $('.check', li);
    if (b) b.setAttribute('aria-pressed', String(S.selection.has(id)));
  }
  renderBulkBar();
}

// ---------- Live updates ----------
function connectEvents() {
  if (!window.EventSource) return;
  const es = new EventSource('/api/v1/events');
  let broken = false;
  es.addEventListener('change', (ev) => {
    S.events = (S.events || 0) + 1;
    let d = {};
    try { d = JSON.parse(ev.data); } catch { /* ignore */ }
    if (d.id && d.id === editorId()) editorExternalChange(d.id, d.kind);
    refresh();
  });
  es.addEventListener('vault', (ev) => {
    let d = {};
    try { d = JSON.parse(ev.data); } catch { /* ignore */ }
    if (d.file === '.theme.json') loadTheme();
    if (d.file === '.tags.json') categoriesChanged();
    if (d.file && d.file.startsWith('Notes/')) { notesChanged(d.file); return; }
    refresh();
  });
  // Many tasks arrived at once (an agent or an import): say so, calmly, and offer the Inbox.
  es.addEventListener('alert', (ev) => {
    let d = {};
    try { d = JSON.parse(ev.data); } catch { /* ignore */ }
    if (d.message) toast(d.message, { action: 'Review', onAction: () => { location.hash = '#/view/inbox'; }, timeout: 15000 });
    refresh();
  });
  es.addEventListener('reminder', (ev) => {
    let d = {};
    try { d = JSON.parse(ev.data); } catch { /* ignore */ }
    // The planner's end-of-day review offers the board; other reminders are about one task.
    if (d.message && d.id === 'plan:review') toast(d.message, { action: 'Review', onAction: () => { location.hash = '#/plan'; }, timeout: 15000 });
    else if (d.message) toast(d.message, { timeout: 10000 });
  });
  es.addEventListener('error', () => { broken = true; });
  es.addEventListener('open', () => { if (broken) { broken = false; refresh(); } });
}

// ---------- Wiring ----------
const planCtx = {
  openEditor: (id) => openEditor(id),
  refreshSidebar: () => loadSidebar(),
};
const pctx = {
  sidebar: () => S.sidebar,
  refresh: () => refresh(0),
  go: (hash) => { location.hash = hash; },
  current: () => S.route,
  perspHref,
};

function wire() {
  const ul = $('#task-list');
  ul.addEventListener('click', (e) => {
    const li = e.target.closest('.task');
    if (!li) return;
    const id = li.dataset.id;
    if (S.selectMode) { select(id, false); togglePick(id); return; }
    if (e.target.closest('.check')) { complete(id); return; }
    select(id, false);
    openEditor(id);
  });
  ul.addEventListener('focusin', (e) => {
    const li = e.target.closest('.task');
    if (li && li.dataset.id !== S.selected) select(li.dataset.id, false);
  });
  sortable(ul, {
    items: '.task', groups: '.group', ignore: 'input, select, textarea, .check',
    enabled: () => S.route && S.route.kind !== 'search' && !isDoneRoute() && !S.selectMode,
    onDrop,
    onSwipe: (el, dir) => {
      const id = el.dataset.id;
      if (dir === 'right') complete(id); else deferTasks([id]);
    },
  });

  $('#quick').addEventListener('submit', quickSubmit);
  $('#quick-input').addEventListener('input', (e) => previewParse(e.target.value));
  $('#quick-plus').append(icon('plus'));
  $('#fab').append(icon('plus'));
  $('#fab').addEventListener('click', focusQuick);

  const searchGo = debounce((q) => {
    const hash = '#/search?q=' + encodeURIComponent(q);
    if (S.route && S.route.kind === 'search') { history.replaceState(null, '', hash); onRoute(); } else location.hash = hash;
  }, 200);
  $('#search').addEventListener('input', (e) => { if (e.target.value.trim()) searchGo(e.target.value.trim()); });
  $('#search-form').addEventListener('submit', (e) => { e.preventDefault(); searchGo.cancel(); const q = $('#search').value.trim(); location.hash = '#/search?q=' + encodeURIComponent(q); if (narrow()) setNav(false); });

  $('#menu-btn').append(icon('menu'));
  $('#side-close').append(icon('x'));
  $('#menu-btn').addEventListener('click', () => setNav(!$('#app').classList.contains('nav-open')));
  $('#side-close').addEventListener('click', () => { setNav(false); $('#menu-btn').focus(); });
  $('#scrim').addEventListener('click', () => { if (editorId() && $('#app').classList.contains('detail-overlay')) closeEditor(); else setNav(false); });
  $('#sidebar').addEventListener('click', (e) => { if (e.target.closest('a.nav-item') && narrow()) setNav(false); });
  $('#ico-settings').append(icon('gear'));
  $('#ico-keys').append(icon('keyboard'));
  $('#btn-settings').addEventListener('click', () => openSettings());
  $('#btn-keys').addEventListener('click', showShortcuts);

  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', onRoute);

  editorCtx = ({
    sidebar: () => S.sidebar,
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
  });
}

async function boot() {
  wire();
  loadTheme();
  initCategories();
  onRoute();
  await loadSidebar();
  connectEvents();
}

boot();
