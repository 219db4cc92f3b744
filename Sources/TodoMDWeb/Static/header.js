// The list's header: title (the server's view names and icons), actions, the group-by and
// Doing/Done toolbar, the filter bar, and the overdue banner.
import { h, kids, $, $$, icon, PRIORITY_LABEL, STATUS_LABEL } from './util.js';
import { post, put } from './api.js';
import { toast, showError } from './ui.js';
import { sortable } from './drag.js';
import { route, sidebar, listing, lastActive, isDoneRoute, prefs, setPrefs } from './state.js';
import { viewHref, boardHref, go } from './router.js';
import { builtInView, earlyListing, renderTitle } from './title.js';
import { loadList, refresh, taskSelection, PRIORITIES } from './list.js';
import { openPerspective } from './lazy.js';

const MODES = [['list', 'List'], ['priority', 'Priority'], ['tag', 'Category'], ['due', 'Date']];
const SORTS = [['', 'Default'], ['manual', 'Manual'], ['due', 'Due date'], ['scheduled', 'Scheduled'], ['defer', 'Defer date'],
  ['priority', 'Priority'], ['title', 'Title'], ['estimate', 'Estimate'], ['created', 'Newest'], ['modified', 'Recently changed'],
  ['flagged', 'Flagged first'], ['project_order', 'Project order'], ['project_recent', 'Recent projects']];
const FILTER_STATUSES = ['todo', 'in-progress', 'someday'];

/** Route `r` is a built-in view (its listing says so before the sidebar does: of the views, only
 *  a built-in one's listing has an icon). */
const isBuiltInView = (r) => r.kind === 'view' && !!(builtInView(r.id) || (earlyListing(r) || {}).icon);

export function renderHeader() {
  if (route() && route().kind === 'calendar') return; // calendar.js draws its own
  const r = route();
  if (!r || r.kind === 'notes' || r.kind === 'plan' || r.kind === 'board' || r.kind === 'insights' || r.kind === 'trash') return;
  renderTitle();

  const acts = $('#head-actions');
  kids(acts,
    r.kind === 'perspective' ? h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Edit perspective', title: 'Edit perspective', onclick: () => openPerspective(r.id) }, icon('edit')) : null,
    // A built-in view's rules, read-only (duplicating them makes an editable perspective).
    !r.done && isBuiltInView(r) ? h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'View rules', title: 'View rules', onclick: () => openPerspective(r.id) }, icon('info')) : null,
    // The same tasks as a board (§25), one column per status (or another key).
    r.kind !== 'search' && !r.done ? h('a', { class: 'icon-btn', href: boardHref(r.id), 'aria-label': 'Show as board', title: 'Show as board' }, icon('columns')) : null,
    taskSelection.button(),
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
  const r = route();
  if (done === isDoneRoute()) return;
  if (done) {
    if (r.kind === 'view' && /^(area|project|tag):/.test(r.id)) go(viewHref(r.id) + '?done=1');
    else go(viewHref('logbook'));
  } else go(doingHash());
}

/** Where "Doing" leads from a list of completed tasks: the list's open side, or the last view. */
export function doingHash() {
  const r = route();
  return r.kind === 'view' && r.done ? viewHref(r.id) : lastActive() || viewHref('today');
}

export const filterCount = (p) => {
  const f = p.filter || {};
  return (f.status || []).length + (f.priority || []).length + (f.projects ? 1 : 0) + (p.sort ? 1 : 0);
};

function renderFilterBar() {
  const bar = $('#filter-bar');
  const p = prefs();
  bar.hidden = !p.filterOpen || route().kind === 'search';
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

  const r = route();
  const isProject = r.kind === 'view' && r.id.startsWith('project:');
  const projects = (sidebar() && sidebar().projects) || [];
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

/** Today's "N overdue tasks" banner, with the reschedule actions. */
export function renderBanner() {
  const b = $('#banner');
  const r = route();
  const L = listing();
  const od = r.kind === 'view' && r.id === 'today' && L && L.groups.find((g) => g.name === 'Overdue');
  const n = od ? od.tasks.length : 0;
  if (!n) { b.replaceChildren(); return; }
  const reschedule = async (date, label) => {
    try {
      const res = await post('/reschedule-overdue', { date });
      toast(`Moved ${(res && res.tasks ? res.tasks.length : n)} overdue ${n === 1 ? 'task' : 'tasks'} to ${label}.`);
    } catch (e) { showError(e); }
    refresh(0);
  };
  b.replaceChildren(h('div', { class: 'banner' },
    h('span', { text: `${n} overdue ${n === 1 ? 'task' : 'tasks'}` }),
    h('span', { class: 'grow' }),
    h('button', { type: 'button', class: 'btn btn-small', text: 'Reschedule all to Today', onclick: () => reschedule('today', 'today') }),
    h('button', { type: 'button', class: 'btn btn-small btn-quiet', text: 'Tomorrow', 'aria-label': 'Reschedule all overdue to tomorrow', onclick: () => reschedule('tomorrow', 'tomorrow') })));
}
