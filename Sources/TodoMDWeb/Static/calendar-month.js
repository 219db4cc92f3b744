// The calendar's Month (#/calendar/month/DATE): six weeks of days, each with its counts of overdue,
// scheduled and done tasks and of events, and a link to its Day.
import { h, today, instantDate } from './util.js';
import { WEEKDAYS, href, dayName, isOverdue } from './calendar-time.js';

/** The month grid of `days` (42 days from a Monday) around `anchor`'s month, from the calendar's
 *  answer `data` and the logbook `done` (completed tasks are counted on their completion day). */
export function monthView(days, anchor, data, done, label) {
  const byDay = Object.fromEntries(data.days.map((d) => [d.date, d]));
  const doneBy = {};
  for (const t of done ? done.groups.flatMap((g) => g.tasks) : []) {
    if (t.status !== 'done' || !t.completed) continue;
    const d = instantDate(t.completed);
    doneBy[d] = (doneBy[d] || 0) + 1;
  }
  const month = anchor.slice(0, 7);
  const cells = days.map((d) => {
    const day = byDay[d];
    const tasks = day ? day.tasks : [];
    const overdue = tasks.filter((t) => isOverdue(t, d)).length;
    const scheduled = tasks.length - overdue;
    const done = doneBy[d] || 0;
    const events = day ? day.events.length : 0;
    const parts = [[overdue, 'overdue'], [scheduled, 'scheduled'], [done, 'done']].filter(([n]) => n).map(([n, k]) => `${n} ${k}`);
    if (events) parts.push(`${events} ${events === 1 ? 'event' : 'events'}`);
    return h('li', { class: 'cal-mcell' + (d.slice(0, 7) !== month ? ' is-other' : '') + (d === today() ? ' is-today' : '') },
      h('a', { class: 'cal-mday', href: href('day', d), 'data-date': d, 'aria-label': `${dayName(d)}${d === today() ? ', today' : ''}: ${parts.length ? parts.join(', ') : 'nothing'}` },
        h('span', { class: 'cal-mnum', text: String(Number(d.slice(8))) }),
        h('span', { class: 'cal-mcounts', 'aria-hidden': 'true' },
          overdue ? h('span', { class: 'mc mc-overdue', 'data-kind': 'overdue', text: String(overdue) }) : null,
          scheduled ? h('span', { class: 'mc mc-scheduled', 'data-kind': 'scheduled', text: String(scheduled) }) : null,
          done ? h('span', { class: 'mc mc-done', 'data-kind': 'done', text: String(done) }) : null,
          events ? h('span', { class: 'mc mc-events', 'data-kind': 'events', text: String(events) }) : null)));
  });
  const legend = h('p', { class: 'cal-legend' },
    [['overdue', 'Overdue'], ['scheduled', 'Scheduled'], ['done', 'Done'], ['events', 'Events']].map(([k, label]) =>
      h('span', { class: 'cal-legend-item' }, h('span', { class: 'mc-dot mc-' + k, 'aria-hidden': 'true' }), h('span', { text: label }))));
  const head = h('div', { class: 'cal-mhead', 'aria-hidden': 'true' }, [1, 2, 3, 4, 5, 6, 0].map((i) => h('span', { text: WEEKDAYS[i].slice(0, 3) })));
  return h('div', { class: 'cal-month' }, legend, head, h('ol', { class: 'cal-mgrid', 'aria-label': label }, cells));
}

