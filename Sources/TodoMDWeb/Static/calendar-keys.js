// The calendar's keyboard on the grid: Enter opens a block; arrows move it 15 minutes or a day,
// Shift and arrows change its length; Down on an all-day chip time-blocks it at the working day.
import { $, addDays, datePart, timeText, minutesText } from './util.js';
import { href, dayName, minutesOf, hhmm, blockTime, length } from './calendar-time.js';

/** A key on a block or a tray chip of the grid. `C` is the calendar's state; `ops` its
 *  `findTask`, `change` and `workStart`. */
export function blockKey(e, C, { findTask, change, workStart }) {
  const el = e.target.closest('.cal-task, .cal-chip-task');
  if (!el) return;
  const x = findTask(el.dataset.id);
  if (!x) return;
  const t = x.task;
  if (e.key === 'Enter' || (e.key === ' ' && el.classList.contains('cal-task'))) { e.preventDefault(); C.ctx.openEditor(t.id); return; }
  if (el.classList.contains('cal-chip-task')) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      const at = workStart();
      change(t.id, { date: x.day, start: at }, `“${t.title}” time-blocked at ${timeText(hhmm(at))} on ${dayName(x.day)}.`);
      focusBlock(t.id);
    }
    return;
  }
  const when = blockTime(t);
  if (!when) return;
  const a = minutesOf(when), d = datePart(when);
  let next = null;
  if (e.shiftKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
    const m = Math.max(5, length(t) + (e.key === 'ArrowDown' ? 15 : -15));
    e.preventDefault();
    change(t.id, { minutes: m }, `“${t.title}” now ${minutesText(m)}, until ${timeText(hhmm((a + m) % 1440))}.`);
    return;
  }
  if (e.key === 'ArrowUp') next = [d, Math.max(0, a - 15)];
  if (e.key === 'ArrowDown') next = [d, Math.min(24 * 60 - 15, a + 15)];
  if (e.key === 'ArrowLeft') next = [addDays(d, -1), a];
  if (e.key === 'ArrowRight') next = [addDays(d, 1), a];
  if (!next) return;
  e.preventDefault();
  const [nd, na] = next;
  change(t.id, { date: nd, start: na }, `“${t.title}” moved to ${dayName(nd)}, ${timeText(hhmm(na))}.`);
  if (!$(`.cal-col[data-date="${nd}"]`)) { C.anchor = nd; location.hash = href(C.mode, nd); return; }
  focusBlock(t.id);
}

function focusBlock(id) {
  const el = $(`.cal-task[data-id="${CSS.escape(id)}"]`);
  if (el) { el.focus({ preventScroll: true }); el.scrollIntoView({ block: 'nearest' }); }
}
