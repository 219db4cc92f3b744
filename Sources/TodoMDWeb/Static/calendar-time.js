// The calendar's scale and its date and time arithmetic, shared by the grid (calendar.js), the
// month (calendar-month.js) and the pointer gestures (calendar-drag.js).
import { today, datePart, timePart, hasPassed } from './util.js';

export const PX = 1;                // pixels per minute on the grid
export const FIRST = 6 * 60;        // the grid shows 06:00…
export const LAST = 24 * 60;        // …to midnight
export const DEFAULT_MINUTES = 30;  // a block without estimated_minutes
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const href = (mode, date) => `#/calendar/${mode}/${date}`;
export const dow = (d) => new Date(d + 'T00:00:00Z').getUTCDay();
export const dayName = (d) => `${WEEKDAYS[dow(d)]} ${Number(d.slice(8))} ${MONTHS[Number(d.slice(5, 7)) - 1]}`;
export const shortDay = (d) => WEEKDAYS[dow(d)].slice(0, 3);
/** Minutes since midnight of a local date-time `YYYY-MM-DDTHH:MM` (or a time `HH:MM` at index 11). */
export const minutesOf = (dt) => Number(dt.slice(11, 13)) * 60 + Number(dt.slice(14, 16));
export const hhmm = (m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** Minutes since midnight of `HH:MM`; `fallback` when it is not one. */
export const clockMinutes = (t, fallback) => (/^\d{2}:\d{2}$/.test(t || '') ? Number(t.slice(0, 2)) * 60 + Number(t.slice(3)) : fallback);

/** The time a task is blocked at: its timed `scheduled`, else its timed `due` (or null). */
export const blockTime = (t) => (timePart(t.scheduled) ? t.scheduled : timePart(t.due) ? t.due : null);
/** A block's length in minutes: its estimate, else half an hour. */
export const length = (t) => (t.estimated_minutes > 0 ? t.estimated_minutes : DEFAULT_MINUTES);
/** Whether task `t`, shown on day `d`, is overdue there (only today shows overdue tasks). */
export const isOverdue = (t, d) => d === today() && ((t.due && hasPassed(t.due)) || datePart(t.scheduled || t.due || d) < today());
