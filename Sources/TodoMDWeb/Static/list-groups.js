// The task list's groups: what the list is grouped by (the toolbar's choice or a perspective's),
// the groups as drawn (every priority and category, so a task can be dragged into an empty one),
// their headings, and the field change that moves a task into a group.
import { h, relDate, shortDate, isoDate, today, addDays, datePart, timePart, PRIORITY_LABEL, STATUS_LABEL } from './util.js';
import { route, sidebar, listing, prefs } from './state.js';
import { categoryOf, categoryOrder } from './categories.js';

export const PRIORITIES = ['high', 'medium', 'low', 'none'];

/** The perspective shown, as the sidebar lists it (with its grouping and layout); until the
 *  sidebar has come, as its listing says (the row form), so its first screen is drawn as it stays. */
const shownPerspective = () => {
  const r = route();
  if (r.kind !== 'perspective') return undefined;
  if (sidebar()) return (sidebar().perspectives || []).find((p) => p.id === r.id);
  const L = listing();
  return L && L.view === 'perspective:' + r.id ? L : undefined;
};

/** The key the list is grouped by: the toolbar's choice, else a perspective's own (null: the
 *  view's own groups, such as Today's sections). */
export function groupKey() {
  const mode = prefs().mode;
  if (mode && mode !== 'list') return mode;
  const p = shownPerspective();
  return p && p.group_by !== 'none' ? p.group_by : null;
}

/** How rows are drawn: a perspective's layout (default, comfortable, compact or detailed). */
export const layout = () => { const p = shownPerspective(); return (p && p.layout) || 'default'; };

/** The groups as drawn: grouped by priority or category, every value has its group, even one no
 *  task has, so tasks can be dragged into it; categories come in the user's order, then the
 *  other tags, then "No Tags". */
export function arrange(groups, key) {
  if (!groups.some((g) => g.tasks.length)) return groups;
  const byName = new Map(groups.map((g) => [g.name, g]));
  const take = (name) => byName.get(name) || { name, tasks: [] };
  if (key === 'priority') return [...PRIORITIES.map(take), ...groups.filter((g) => !PRIORITIES.includes(g.name))];
  if (key === 'tag') {
    const order = categoryOrder();
    const untagged = groups.filter((g) => g.name === 'No Tags');
    return [...order.map(take), ...groups.filter((g) => !order.includes(g.name) && g.name !== 'No Tags'), ...untagged];
  }
  return groups;
}

/** A group's heading: dates as dates, priorities by name, a tag as its category shows it. */
function groupLabel(name, key) {
  if (isoDate(name)) return relDate(name) === shortDate(name) ? shortDate(name) : `${relDate(name)} · ${shortDate(name)}`;
  if (key === 'priority' && PRIORITY_LABEL[name.toLowerCase()]) return PRIORITY_LABEL[name.toLowerCase()] + (name.toLowerCase() === 'none' ? ' priority' : '');
  // Grouped by status (a perspective's grouping, All's and the search's own): the statuses' names.
  const r = route();
  if ((key === 'status' || (!key && (r.kind === 'search' || (r.kind === 'view' && r.id === 'all')))) && STATUS_LABEL[name]) return STATUS_LABEL[name];
  if (key === 'tag' && name !== 'No Tags') {
    const c = categoryOf(name);
    return c ? [c.icon ? h('span', { class: 'cat-emoji', 'aria-hidden': 'true', text: c.icon }) : null, c.name] : '#' + name;
  }
  return name;
}

export function groupHead(g, key) {
  const li = h('li', { class: 'group' + (g.tasks.length ? '' : ' is-empty'), 'data-group': g.name },
    h('h2', { class: 'group-head' }, h('span', { class: 'group-name' }, groupLabel(g.name, key)), h('span', { class: 'group-count', text: g.tasks.length })));
  const c = key === 'tag' && categoryOf(g.name);
  if (c && c.color) { li.style.setProperty('--cat', c.color); li.classList.add('has-cat-color'); }
  return li;
}

/** The field change that puts task `t` into group `name` of the current grouping (or null). */
export function groupChange(t, name, from) {
  const mode = groupKey() || 'list';
  const lower = name.toLowerCase();
  if (mode === 'priority') {
    const p = PRIORITIES.find((x) => lower === x || lower.startsWith(x)) || (lower.startsWith('no') ? 'none' : null);
    return p ? { priority: p } : null;
  }
  if (mode === 'tag') {
    const tags = t.tags || [];
    if (/^no tags?$/i.test(name)) return from ? { tags: tags.filter((x) => x !== from) } : null;
    // From one tag's group to another's: the task moves (it leaves the group it came from).
    const kept = from && from !== 'No Tags' ? tags.filter((x) => x !== from) : tags;
    return tags.includes(name) && kept.length === tags.length ? null : { tags: kept.includes(name) ? kept : [...kept, name] };
  }
  // A date dropped on keeps the task's own time of day (§24): only the day changes.
  const onDay = (day, field) => (timePart(t[field]) ? `${day}T${timePart(t[field])}` : day);
  if (mode === 'due') {
    const grp = listing().groups.find((g) => g.name === name);
    const other = grp && grp.tasks.find((x) => x.id !== t.id && x.due);
    if (/^no /i.test(name)) return { due: null };
    if (other) return { due: onDay(datePart(other.due), 'due') };
    const td = today();
    const natural = { overdue: addDays(td, -1), today: td, tomorrow: addDays(td, 1), 'next 7 days': addDays(td, 2), later: addDays(td, 7) }[lower];
    if (isoDate(name)) return { due: onDay(name, 'due') };
    return natural ? { due: onDay(natural, 'due') } : null;
  }
  // The view's own groups.
  const r = route();
  if (r.kind === 'view' && r.id.startsWith('area:')) return { project: /^no project$/i.test(name) ? null : name };
  if (r.kind === 'view' && r.id === 'upcoming' && isoDate(name)) return t.scheduled || !t.due ? { scheduled: onDay(name, 'scheduled') } : { due: onDay(name, 'due') };
  return null;
}
