// The task editor's facts about a task: where it came from, when it was made, changed and
// completed, its file, "Add to calendar", its note and its place in the day plan, and warnings.
import { h, instantText } from './util.js';

/** Fills the editor's `<dl>` `info` with task `t`'s facts. */
export function fillInfo(info, t) {
  const items = [['Source', t.source || 'unknown'], ['Created', instantText(t.created)], ['Modified', instantText(t.modified)]];
  if (t.completed) items.push([t.status === 'cancelled' ? 'Closed' : 'Completed', instantText(t.completed)]);
  items.push(['File', t.id]);
  // One calendar event with its alarm, for any calendar app (§25, seed 003 "Add to Calendar").
  if (t.due || t.scheduled) items.push(['Calendar', h('a', { href: `/api/v1/tasks/${encodeURIComponent(t.id)}.ics`, download: '', text: 'Add to calendar' })]);
  // Where the task came from in a note (§15), and where it sits in the day planner (§14).
  if (t.note) {
    const id = String(t.note).replace(/^Notes\//, '').replace(/\.md$/, '');
    items.push(['From note', h('a', { href: '#/notes/' + encodeURIComponent(id), text: id + (t.note_line ? ` · line ${t.note_line}` : '') })]);
  }
  if (t.region && t.region !== 'backlog' && t.plan_date) {
    const cap = (x) => x ? x[0].toUpperCase() + x.slice(1) : '';
    items.push(['Planned', h('a', { href: '#/plan/' + t.region, text: `${cap(t.region)} · ${t.bucket === 'must' ? 'Must-Do' : cap(t.bucket)}, ${t.plan_date}` })]);
  } else if (t.region === 'backlog') items.push(['Planned', h('a', { href: '#/plan/backlog', text: 'Backlog' + (t.carry_count ? ` · carried ${t.carry_count}×` : '') })]);
  info.replaceChildren(...items.flatMap(([k, v]) => [h('dt', { text: k }), typeof v === 'string' ? h('dd', { text: v }) : h('dd', null, v)]));
  if (t.warnings && t.warnings.length) info.append(h('dt', { text: 'Warnings' }), h('dd', { class: 'warn' }, t.warnings.map((w) => h('div', { text: w }))));
}
