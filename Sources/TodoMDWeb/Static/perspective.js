// The perspective editor: name, icon, colour, nested rule groups, sort and grouping, live count.
import { h, $, icon, debounce, ICON_NAMES, today, addDays, addMonths, shortDate, isoDate, STATUS_LABEL, PRIORITY_LABEL } from './util.js';
import { get, post, put, del } from './api.js';
import { sheet, toast, showError, confirmSheet } from './ui.js';

const NOVALUE = new Set(['is_nil', 'is_not_nil', 'is_empty', 'is_not_empty']);
const DATE_OPS = ['on', 'before', 'after', 'on_or_before', 'on_or_after', 'between', 'in_next', 'in_past', 'before_or_none', 'after_or_none', 'is_nil', 'is_not_nil'];
const ENUM_OPS = ['equals', 'not_equals', 'in', 'not_in'];
const NAME_OPS = [...ENUM_OPS, 'is_nil', 'is_not_nil'];
const F = {
  status: { label: 'Status', type: 'enum', values: Object.keys(STATUS_LABEL), names: STATUS_LABEL, ops: ENUM_OPS },
  priority: { label: 'Priority', type: 'enum', values: ['high', 'medium', 'low', 'none'], names: PRIORITY_LABEL, ops: ENUM_OPS },
  flagged: { label: 'Flagged', type: 'bool', ops: ['equals'] },
  inbox: { label: 'In Inbox', type: 'bool', ops: ['equals'] },
  area: { label: 'Area', type: 'name', list: 'area', ops: NAME_OPS },
  project: { label: 'Project', type: 'name', list: 'project', ops: NAME_OPS },
  tags: { label: 'Tags', type: 'tags', ops: ['contains', 'contains_any', 'contains_all', 'is_empty', 'is_not_empty'] },
  due: { label: 'Due date', type: 'date', ops: DATE_OPS },
  scheduled: { label: 'Scheduled date', type: 'date', ops: DATE_OPS },
  defer: { label: 'Defer date', type: 'date', ops: DATE_OPS },
  created: { label: 'Created', type: 'date', ops: DATE_OPS },
  modified: { label: 'Modified', type: 'date', ops: DATE_OPS },
  completed: { label: 'Completed', type: 'date', ops: DATE_OPS },
  estimated_minutes: { label: 'Estimate (minutes)', type: 'number', ops: ['less_than', 'greater_than', 'equals', 'is_nil', 'is_not_nil'] },
  recurrence: { label: 'Repeats', type: 'none', ops: ['is_not_nil', 'is_nil'] },
  blocked: { label: 'Blocked', type: 'bool', ops: ['equals'] },
  parent: { label: 'Parent task', type: 'text', ops: ['is_not_nil', 'is_nil', 'equals'] },
  has_children: { label: 'Has subtasks', type: 'bool', ops: ['equals'] },
  checklist_open: { label: 'Open checklist items', type: 'bool', ops: ['equals'] },
  title: { label: 'Title', type: 'text', ops: ['string_contains'] },
  description: { label: 'Description', type: 'text', ops: ['string_contains'] },
  body: { label: 'Notes', type: 'text', ops: ['string_contains'] },
  source: { label: 'Source', type: 'name', list: 'source', ops: [...NAME_OPS, 'string_contains'] },
  region: { label: 'Planner region', type: 'enum', values: ['morning', 'afternoon', 'evening', 'backlog'], ops: ['equals', 'in', 'is_nil'] },
  bucket: { label: 'Planner bucket', type: 'enum', values: ['must', 'complementary', 'misc', 'none'], ops: ['equals', 'in', 'is_nil'] },
};
const OPS = {
  equals: 'is', not_equals: 'is not', in: 'is any of', not_in: 'is none of', is_nil: 'is empty', is_not_nil: 'is set',
  string_contains: 'contains', contains: 'includes', contains_any: 'includes any of', contains_all: 'includes all of',
  is_empty: 'has no tags', is_not_empty: 'has tags', on: 'is on', before: 'is before', after: 'is after',
  on_or_before: 'is on or before', on_or_after: 'is on or after', between: 'is between', in_next: 'is in the next',
  in_past: 'is in the last', before_or_none: 'is before, or none', after_or_none: 'is after, or none',
  less_than: 'is less than', greater_than: 'is more than',
};
const GROUP_OPS = [['AND', 'All of'], ['OR', 'Any of'], ['NOT', 'None of']];
const SORTS = ['manual', 'due', 'scheduled', 'defer', 'priority', 'estimate', 'title', 'created', 'modified', 'completed', 'flagged', 'project_order', 'project_recent'];
const SORT_NAMES = { manual: 'Manual', due: 'Due date', scheduled: 'Scheduled date', defer: 'Defer date', priority: 'Priority', estimate: 'Estimate', title: 'Title', created: 'Created', modified: 'Modified', completed: 'Completed', flagged: 'Flagged', project_order: 'Project order', project_recent: 'Recent projects' };
const GROUPS = ['none', 'area', 'project', 'tag', 'tags', 'priority', 'due', 'scheduled', 'defer', 'flagged', 'source', 'status', 'region', 'parent'];
const GROUP_NAMES = { none: 'No grouping', area: 'Area', project: 'Project', tag: 'Tag', tags: 'Tag combination', priority: 'Priority', due: 'Due date', scheduled: 'Scheduled date', defer: 'Defer date', flagged: 'Flagged', source: 'Source', status: 'Status', region: 'Planner region', parent: 'Parent task' };
const LAYOUTS = ['default', 'comfortable', 'compact', 'detailed'];
const COLORS = ['#4A90D9', '#6E6AE0', '#C35C9E', '#D9544F', '#E08A2E', '#C9A227', '#3E9E6B', '#2C9DA6', '#7A7F87'];
const RELATIVE = [['today', 'Today'], ['tomorrow', 'Tomorrow'], ['yesterday', 'Yesterday'], ['date', 'A date…']];

let uid = 0;
const nid = (p) => `pe-${p}-${++uid}`;
const isGroup = (n) => n && typeof n === 'object' && 'conditions' in n && Array.isArray(n.conditions);

function defaults() {
  return {
    name: 'Untitled Perspective', icon: 'list.bullet', color: '#4A90D9',
    rules: { operator: 'AND', conditions: [{ field: 'status', op: 'in', value: ['todo', 'in-progress'] }] },
    sort: { field: 'due', direction: 'asc' }, group_by: 'none', layout: 'default', manual_order: null,
  };
}

function defaultValue(field, op) {
  const f = F[field];
  if (!f || NOVALUE.has(op)) return undefined;
  if (f.type === 'enum') return op === 'in' || op === 'not_in' ? [f.values[0]] : f.values[0];
  if (f.type === 'bool') return true;
  if (f.type === 'date') return op === 'between' ? ['today', addDays(today(), 7)] : op === 'in_next' || op === 'in_past' ? 7 : 'today';
  if (f.type === 'number') return 30;
  if ((f.type === 'name' || f.type === 'tags') && ['in', 'not_in', 'contains_any', 'contains_all'].includes(op)) return [];
  return '';
}

function resolveDate(v, dates) {
  if (dates && dates[v]) return dates[v];
  if (v === 'today') return today();
  if (v === 'tomorrow') return addDays(today(), 1);
  if (v === 'yesterday') return addDays(today(), -1);
  return isoDate(v) ? v : null;
}

/** Opens the editor on perspective `id` (a built-in view's form is read-only), or on a new one. */
export async function openPerspectiveEditor(id, ctx) {
  const P = await load(id);
  if (!P) return;
  const ro = !!P.built_in;
  const count = h('p', { id: 'perspective-count', class: 'pe-count', 'aria-live': 'polite', text: 'Counting…' });
  const warnBox = h('div', { class: 'pe-warn', 'aria-live': 'polite' });
  let lastDates = null;
  const tree = ruleTree(P, { ro, lists: nameLists(ctx.sidebar()), dates: () => lastDates, changed: () => preview() });
  const preview = debounce(async () => {
    try {
      const r = await post('/perspectives/preview', { rules: P.rules });
      lastDates = r.dates || null;
      count.textContent = `Showing ${r.count} ${r.count === 1 ? 'task' : 'tasks'}`;
      const warns = [...(r.warnings || [])];
      const [depth, rules] = measure(P.rules);
      if (depth > 5) warns.push(`Rules nest ${depth} levels deep; more than 5 gets hard to follow.`);
      if (rules > 25) warns.push(`${rules} rules; more than 25 gets hard to follow.`);
      warnBox.replaceChildren(...warns.map((w) => h('p', { class: 'warn', text: w })));
      tree.refreshDates();
    } catch (e) { count.textContent = 'Could not count: ' + e.message; }
  }, 250);

  const look = lookFields(P, ro);
  const body = h('div', { class: 'pe' },
    ro ? h('p', { class: 'pe-note', text: 'Built-in views are read-only. Duplicate this one to make an editable copy.' }) : null,
    look.box,
    h('h3', { class: 'pe-h', text: 'Show tasks matching' }),
    tree.box, warnBox,
    displayFields(P, ro));
  const s = sheet(id ? (ro ? P.name : 'Edit perspective') : 'New perspective', body, sheetActions(id, P, ro, ctx), { cls: 'sheet-wide pe-sheet' });
  const foot = $('.sheet-foot', s.dialog);
  if (foot) foot.prepend(count);
  // Read-only, nothing in the rules takes the focus: the keyboard scrolls them from the body itself.
  if (ro) { const b = $('.sheet-body', s.dialog); b.tabIndex = 0; b.setAttribute('aria-label', 'Rules of ' + P.name); }
  tree.render();
  if (!ro) { look.name.focus(); if (!id) look.name.select(); }
}

/** The perspective `id` from the server (a copy to edit), or a new one's defaults; null on failure. */
async function load(id) {
  let P;
  if (id) {
    try {
      P = await get(`/perspectives/${encodeURIComponent(id)}`);
    } catch (e) { showError(e); return null; }
  } else P = defaults();
  P = JSON.parse(JSON.stringify(P));
  if (!P.rules || typeof P.rules !== 'object') P.rules = { operator: 'AND', conditions: [] };
  if (!isGroup(P.rules)) P.rules = { operator: 'AND', conditions: [P.rules] };
  if (!P.sort || typeof P.sort !== 'object') P.sort = { field: typeof P.sort === 'string' ? P.sort : 'due' };
  return P;
}

/** The names the value fields suggest (areas, projects, tags, sources). */
function nameLists(sb) {
  sb = sb || {};
  return {
    area: (sb.areas || []).map((a) => a.name), project: (sb.projects || []).map((p) => p.name),
    tag: (sb.tags || []).map((t) => t.name), source: ['user', 'shortcut'],
  };
}

const field = (label, forId, ...c) => h('div', { class: 'pe-field' }, h('label', { class: 'field-label', for: forId, text: label }), c);

/** Name, icon and colour. */
function lookFields(P, ro) {
  const nameIn = h('input', { id: nid('name'), name: 'name', class: 'input', value: P.name || '', maxlength: '100', disabled: ro, oninput: (e) => { P.name = e.target.value; } });
  const iconPrev = h('span', { class: 'pe-iconprev' });
  const paintIcon = () => { const i = icon(P.icon || 'list'); i.style.color = P.color || ''; iconPrev.replaceChildren(i); };
  const iconSel = h('select', { id: nid('icon'), name: 'icon', class: 'input select', disabled: ro, onchange: (e) => { P.icon = e.target.value; paintIcon(); } },
    [...new Set([P.icon, ...ICON_NAMES].filter(Boolean))].map((n) => h('option', { value: n, text: n.replace('.', ' '), selected: n === P.icon })));
  const colorIn = h('input', { id: nid('color'), name: 'color', type: 'color', class: 'pe-color', value: /^#[0-9a-f]{6}$/i.test(P.color || '') ? P.color : '#4a90d9', disabled: ro,
    oninput: (e) => { P.color = e.target.value; paintIcon(); } });
  const swatches = h('div', { class: 'swatches', role: 'group', 'aria-label': 'Colour presets' }, COLORS.map((c) => {
    const b = h('button', { type: 'button', class: 'swatch', 'aria-label': 'Colour ' + c, disabled: ro, onclick: () => { P.color = c; colorIn.value = c.toLowerCase(); paintIcon(); } });
    b.style.background = c;
    return b;
  }));
  paintIcon();
  const box = h('div', { class: 'pe-top' },
    field('Name', nameIn.id, nameIn),
    field('Icon', iconSel.id, h('div', { class: 'pe-inline' }, iconPrev, iconSel)),
    field('Colour', colorIn.id, h('div', { class: 'pe-inline' }, colorIn, swatches)));
  return { box, name: nameIn };
}

/** Sort, grouping and layout. */
function displayFields(P, ro) {
  const sortSel = h('select', { id: nid('sort'), class: 'input select', name: 'sort', disabled: ro, onchange: (e) => { P.sort.field = e.target.value; } },
    [...new Set([P.sort.field, ...SORTS].filter(Boolean))].map((s) => h('option', { value: s, text: SORT_NAMES[s] || s, selected: s === P.sort.field })));
  const dirSel = h('select', { class: 'input select', 'aria-label': 'Sort direction', disabled: ro, onchange: (e) => { if (e.target.value) P.sort.direction = e.target.value; else delete P.sort.direction; } },
    [['', 'Default direction'], ['asc', 'Ascending'], ['desc', 'Descending']].map(([v, l]) => h('option', { value: v, text: l, selected: (P.sort.direction || '') === v })));
  const groupSel = h('select', { id: nid('group'), class: 'input select', name: 'group_by', disabled: ro, onchange: (e) => { P.group_by = e.target.value; } },
    [...new Set([P.group_by || 'none', ...GROUPS])].map((g) => h('option', { value: g, text: GROUP_NAMES[g] || g, selected: g === (P.group_by || 'none') })));
  const layoutSel = h('select', { id: nid('layout'), class: 'input select', name: 'layout', disabled: ro, onchange: (e) => { P.layout = e.target.value; } },
    [...new Set([P.layout || 'default', ...LAYOUTS])].map((l) => h('option', { value: l, text: l[0].toUpperCase() + l.slice(1), selected: l === (P.layout || 'default') })));
  return h('div', { class: 'pe-top' },
    field('Sort by', sortSel.id, h('div', { class: 'pe-inline' }, sortSel, dirSel)),
    field('Group by', groupSel.id, groupSel),
    field('Layout', layoutSel.id, layoutSel));
}

/** The sheet's buttons: Delete, Duplicate, Cancel or Close, Save or Create. */
function sheetActions(id, P, ro, ctx) {
  const payload = () => { const o = { ...P }; delete o.warnings; delete o.built_in; if (!o.name || !o.name.trim()) o.name = 'Untitled Perspective'; return o; };
  const actions = [];
  if (id && !ro) actions.push({ label: 'Delete', danger: true, onClick: async (close) => {
    if (!(await confirmSheet('Delete this perspective?', `“${P.name}” will be removed. Its tasks are not touched.`))) return;
    try {
      await del(`/perspectives/${encodeURIComponent(id)}`);
      close();
      toast(`Deleted “${P.name}”.`);
      // Showing it: go elsewhere (which refreshes) rather than ask for a perspective that is gone.
      const r = ctx.current();
      if (r && r.kind === 'perspective' && r.id === id) ctx.go('#/view/today'); else ctx.refresh();
    } catch (e) { showError(e); }
  } });
  if (id) actions.push({ label: ro ? 'Duplicate to edit' : 'Duplicate', primary: ro, onClick: async (close) => {
    try { const c = await post(`/perspectives/${encodeURIComponent(id)}/duplicate`); close(); toast(`Created “${c.name}”.`); ctx.refresh(); ctx.go(ctx.perspHref(c.id)); setTimeout(() => openPerspectiveEditor(c.id, ctx), 300); } catch (e) { showError(e); }
  } });
  actions.push({ label: ro ? 'Close' : 'Cancel', end: true, onClick: (close) => close() });
  if (!ro) actions.push({ label: id ? 'Save' : 'Create', primary: true, onClick: async (close) => {
    try {
      const saved = id ? await put(`/perspectives/${encodeURIComponent(id)}`, payload()) : await post('/perspectives', payload());
      close();
      toast(id ? 'Perspective saved.' : `Created “${saved.name}”.`);
      ctx.refresh();
      if (!id && saved && saved.id) ctx.go(ctx.perspHref(saved.id));
    } catch (e) { showError(e); }
  } });
  return actions;
}

/**
 * The editable tree of rules of `P.rules`: groups (all / any / none of) holding conditions and
 * groups. `changed()` is called after every edit; `dates()` gives the server's resolution of
 * relative dates from the last preview. Returns {box, render, refreshDates}.
 */
function ruleTree(P, { ro, lists, dates, changed: preview }) {
  const rulesBox = h('div', { class: 'pe-rules' });
  function renderRules() {
    rulesBox.replaceChildren(groupEl(P.rules, null, 0));
    preview();
  }

  function groupEl(g, parent, depth) {
    const opSel = h('select', { class: 'input select pe-gop', 'aria-label': 'Match', disabled: ro, onchange: (e) => { g.operator = e.target.value; preview(); } },
      GROUP_OPS.map(([v, l]) => h('option', { value: v, text: l, selected: String(g.operator).toUpperCase() === v })));
    const kids = h('ul', { class: 'pe-list' }, g.conditions.map((c) => h('li', null, isGroup(c) ? groupEl(c, g, depth + 1) : condEl(c, g))));
    const add = (node) => { g.conditions.push(node); renderRules(); };
    const wrap = h('div', { class: 'pe-group' + (g.enabled === false ? ' off' : '') + (depth ? ' nested' : '') },
      h('div', { class: 'pe-ghead' }, opSel, h('span', { class: 'pe-gtext', text: depth ? 'of these:' : 'the following:' }), h('span', { class: 'grow' }),
        parent ? enableBox(g) : null, parent ? removeBtn(g, parent, 'group') : null),
      kids.children.length ? kids : h('p', { class: 'pe-empty', text: depth ? 'An empty group changes nothing.' : 'No rules: every task is shown.' }),
      ro ? null : h('div', { class: 'pe-adds' },
        h('button', { type: 'button', class: 'link-btn', onclick: () => add({ field: 'status', op: 'equals', value: 'todo' }) }, icon('plus'), 'Condition'),
        h('button', { type: 'button', class: 'link-btn', onclick: () => add({ operator: 'OR', conditions: [{ field: 'flagged', op: 'equals', value: true }] }) }, icon('plus'), 'Group')));
    return wrap;
  }

  function enableBox(node) {
    return h('span', { class: 'pe-enable', title: 'Rule on or off' },
      h('input', { type: 'checkbox', 'aria-label': 'Rule enabled', checked: node.enabled !== false, disabled: ro, onchange: (e) => {
        if (e.target.checked) delete node.enabled; else node.enabled = false;
        e.target.closest('.pe-cond, .pe-group').classList.toggle('off', !e.target.checked);
        preview();
      } }));
  }

  function removeBtn(node, parent, what) {
    return ro ? null : h('button', { type: 'button', class: 'icon-btn small', 'aria-label': `Delete ${what}`, onclick: () => {
      parent.conditions.splice(parent.conditions.indexOf(node), 1);
      renderRules();
    } }, icon('trash'));
  }

  function condEl(c, parent) {
    const f = c && F[c.field];
    const known = f && f.ops.includes(c.op);
    const row = h('div', { class: 'pe-cond' + (c && c.enabled === false ? ' off' : '') });
    const fieldSel = h('select', { class: 'input select', 'aria-label': 'Field', disabled: ro, onchange: (e) => {
      c.field = e.target.value; c.op = F[c.field].ops[0]; setValue(c, defaultValue(c.field, c.op)); renderRules();
    } }, [...(f ? [] : [h('option', { value: c.field, text: String(c.field ?? '?'), selected: true })]),
      ...Object.entries(F).map(([k, d]) => h('option', { value: k, text: d.label, selected: k === c.field }))]);
    const main = h('div', { class: 'pe-cmain' }, fieldSel);
    row.append(main);
    if (f) {
      const opSel = h('select', { class: 'input select', 'aria-label': 'Operator', disabled: ro, onchange: (e) => {
        const old = c.op; c.op = e.target.value;
        if (!compatible(c.field, old, c.op)) setValue(c, defaultValue(c.field, c.op));
        renderRules();
      } }, [...(known ? [] : [h('option', { value: c.op, text: String(c.op ?? '?'), selected: true })]),
        ...f.ops.map((o) => h('option', { value: o, text: OPS[o] || o, selected: o === c.op }))]);
      main.append(opSel);
      if (known) { const v = valueEl(c, f); if (v) main.append(v); }
    }
    if (!known) main.append(h('span', { class: 'pe-unknown', text: 'Not understood; kept as is and ignored.' }));
    row.append(h('div', { class: 'pe-cctl' }, enableBox(c), removeBtn(c, parent, 'condition')));
    return row;
  }

  function setValue(c, v) { if (v === undefined) delete c.value; else c.value = v; if (c.op === 'in_next' || c.op === 'in_past') c.unit = c.unit || 'days'; else delete c.unit; }

  function compatible(field, a, b) {
    const shape = (op) => NOVALUE.has(op) ? 'none' : ['in', 'not_in', 'contains_any', 'contains_all'].includes(op) ? 'list' : op === 'between' ? 'pair' : ['in_next', 'in_past'].includes(op) ? 'n' : 'one';
    return shape(a) === shape(b);
  }

  function valueEl(c, f) {
    const op = c.op;
    if (NOVALUE.has(op) || f.type === 'none') return null;
    const changed = () => preview();
    if (f.type === 'enum') {
      if (op === 'in' || op === 'not_in') {
        const sel = Array.isArray(c.value) ? c.value : [];
        c.value = sel;
        return h('div', { class: 'pe-multi', role: 'group', 'aria-label': 'Values' }, f.values.map((v) => h('button', {
          type: 'button', class: 'chip-btn', 'aria-pressed': String(sel.includes(v)), disabled: ro, text: (f.names && f.names[v]) || v,
          onclick: (e) => {
            const i = c.value.indexOf(v);
            if (i < 0) c.value.push(v); else c.value.splice(i, 1);
            e.currentTarget.setAttribute('aria-pressed', String(i < 0));
            changed();
          },
        })));
      }
      return h('select', { class: 'input select', 'aria-label': 'Value', disabled: ro, onchange: (e) => { c.value = e.target.value; changed(); } },
        f.values.map((v) => h('option', { value: v, text: (f.names && f.names[v]) || v, selected: String(c.value).toLowerCase() === v })));
    }
    if (f.type === 'bool') {
      return h('select', { class: 'input select', 'aria-label': 'Value', disabled: ro, onchange: (e) => { c.value = e.target.value === 'true'; changed(); } },
        h('option', { value: 'true', text: 'Yes', selected: c.value === true }), h('option', { value: 'false', text: 'No', selected: c.value === false }));
    }
    if (f.type === 'name' || f.type === 'tags' || f.type === 'text') {
      const multi = ['in', 'not_in', 'contains_any', 'contains_all'].includes(op);
      const listName = f.type === 'tags' ? 'tag' : f.list;
      const lid = listName ? nid('dl') : null;
      const v = multi ? (Array.isArray(c.value) ? c.value.join(', ') : '') : (c.value ?? '');
      return h('span', { class: 'pe-val' },
        h('input', { class: 'input', 'aria-label': multi ? 'Values, separated by commas' : 'Value', value: v, list: lid, disabled: ro,
          placeholder: multi ? 'a, b, c' : '', oninput: (e) => {
            c.value = multi ? e.target.value.split(',').map((x) => x.trim().replace(f.type === 'tags' ? /^#/ : /^$/, '')).filter(Boolean) : e.target.value;
            changed();
          } }),
        lid ? h('datalist', { id: lid }, (lists[listName] || []).map((x) => h('option', { value: x }))) : null);
    }
    if (f.type === 'number') {
      return h('input', { class: 'input pe-num', type: 'number', min: '0', 'aria-label': 'Minutes', value: c.value ?? '', disabled: ro, oninput: (e) => { c.value = e.target.value === '' ? null : Number(e.target.value); changed(); } });
    }
    if (f.type === 'date') {
      if (op === 'in_next' || op === 'in_past') {
        const out = h('span', { class: 'pe-resolve', 'data-rel': '' });
        const paint = () => {
          const n = Math.max(0, Math.floor(Number(c.value) || 0));
          const u = c.unit || 'days';
          const shift = (k) => u === 'months' ? addMonths(today(), k) : addDays(today(), u === 'weeks' ? 7 * k : k);
          const [a, b] = op === 'in_next' ? [today(), shift(n)] : [shift(-n), today()];
          out.textContent = `${shortDate(a)} – ${shortDate(b)}`;
        };
        out.addEventListener('refresh', paint);
        paint();
        return h('span', { class: 'pe-val' },
          h('input', { class: 'input pe-num', type: 'number', min: '0', 'aria-label': 'Number', value: c.value ?? 7, disabled: ro, oninput: (e) => { c.value = Math.max(0, Math.floor(Number(e.target.value) || 0)); paint(); changed(); } }),
          h('select', { class: 'input select', 'aria-label': 'Unit', disabled: ro, onchange: (e) => { c.unit = e.target.value; paint(); changed(); } },
            ['days', 'weeks', 'months'].map((u) => h('option', { value: u, text: u, selected: (c.unit || 'days') === u }))), out);
      }
      if (op === 'between') {
        if (!Array.isArray(c.value) || c.value.length !== 2) c.value = ['today', addDays(today(), 7)];
        return h('span', { class: 'pe-val' }, datePick(c.value, 0, changed), h('span', { class: 'muted', text: 'and' }), datePick(c.value, 1, changed));
      }
      return datePick(c, 'value', changed);
    }
    return null;
  }

  /** A relative-or-fixed date chooser writing obj[key], with what it resolves to today. */
  function datePick(obj, key, changed) {
    const v = obj[key];
    const rel = RELATIVE.some(([k]) => k === v) ? v : 'date';
    const out = h('span', { class: 'pe-resolve', 'data-rel': '' });
    const dateIn = h('input', { type: 'date', class: 'input', 'aria-label': 'Date', value: isoDate(v) ? v : '', disabled: ro, hidden: rel !== 'date',
      onchange: (e) => { if (e.target.value) { obj[key] = e.target.value; paint(); changed(); } } });
    const sel = h('select', { class: 'input select', 'aria-label': 'Date', disabled: ro, onchange: (e) => {
      if (e.target.value === 'date') { dateIn.hidden = false; dateIn.value = resolveDate(obj[key], dates()) || today(); obj[key] = dateIn.value; dateIn.focus(); } else { dateIn.hidden = true; obj[key] = e.target.value; }
      paint(); changed();
    } }, RELATIVE.map(([k, l]) => h('option', { value: k, text: l, selected: k === rel })));
    const paint = () => { const d = resolveDate(obj[key], dates()); out.textContent = d && !isoDate(obj[key]) ? '= ' + shortDate(d) : ''; };
    out.addEventListener('refresh', paint);
    paint();
    return h('span', { class: 'pe-val' }, sel, dateIn, out);
  }

  return {
    box: rulesBox,
    render: renderRules,
    refreshDates: () => { for (const el of rulesBox.querySelectorAll('[data-rel]')) el.dispatchEvent(new Event('refresh')); },
  };
}

function measure(node, depth = 1) {
  let d = depth, n = 0;
  for (const c of (node && node.conditions) || []) {
    if (isGroup(c)) { const [cd, cn] = measure(c, depth + 1); d = Math.max(d, cd); n += cn; } else n++;
  }
  return [d, n];
}
