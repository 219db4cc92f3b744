// The calendar (#/calendar[/day|week|month/DATE], §25): Day and Week as a time grid (06:00–24:00)
// with the external calendars' events (read-only) beside the tasks time-blocked on it, an all-day
// tray per day, drag to move a block (writes `scheduled`), drag its lower edge to resize (writes
// `estimated_minutes`), drop a tray task on the grid to time-block it; Month as a grid of days with
// their counts; "Find time" highlights the free slots of GET /free; the external calendars are
// added and removed in a sheet. A calendar that failed says so in a banner; the page still works.
import { h, kids, $, icon, loadStyle, today, addDays, addMonths, datePart, timeText, minutesText, store } from './util.js';
import { get, patch, ref, qs } from './api.js';
import { showError } from './ui.js';
import { openCalendars } from './calendar-sources.js';
import { PX, FIRST, LAST, MONTHS, href, dow, dayName, shortDay, minutesOf, hhmm, clockMinutes, blockTime, length, isOverdue } from './calendar-time.js';
import { monthView } from './calendar-month.js';
import { pointerDown } from './calendar-drag.js';
import { blockKey } from './calendar-keys.js';

const MODES = [['day', 'Day'], ['week', 'Week'], ['month', 'Month']];
const FIND = [15, 30, 60, 90];

const C = {
  active: false, ctx: null, mode: 'week', anchor: null, data: null, done: null, free: {}, find: 0,
  seq: 0, busy: 0, pending: new Map(), dragging: false, scrolled: false, drawn: null,
};

// ---------- Entering and leaving ----------
/** Shows the calendar for `route` ({kind: 'calendar', id: '' | 'day/D' | 'week/D' | 'month/D'}). */
export async function showCalendar(route, ctx) {
  C.ctx = ctx;
  loadStyle('calendar.css');
  const [mode, date] = String(route.id || '').split('/');
  C.mode = MODES.some(([m]) => m === mode) ? mode : store.get('calendar.mode', narrow() ? 'day' : 'week');
  C.anchor = /^\d{4}-\d{2}-\d{2}$/.test(date || '') ? date : today();
  store.set('calendar.mode', C.mode);
  const was = C.active;
  C.active = true;
  C.scrolled = false;
  $('#app').classList.add('cal-mode');
  let view = $('#cal-view');
  if (!view) {
    view = h('section', { id: 'cal-view', class: 'cal-view', 'aria-labelledby': 'view-title' });
    $('#scroll').append(view);
  }
  if (!was) view.replaceChildren();
  renderHeader();
  await load();
}

/** Leaves the calendar and gives the page back to the task list. */
export function hideCalendar() {
  if (!C.active) return;
  C.active = false;
  C.data = null;
  $('#app').classList.remove('cal-mode');
  const view = $('#cal-view');
  if (view) view.remove();
}

/** Something changed in the vault (a task, a calendar's copy): reload, once no gesture is under way. */
export function calendarChanged() {
  if (!C.active) return;
  if (C.dragging || C.busy || C.pending.size) { setTimeout(calendarChanged, 300); return; }
  load();
}

/** Keys on the calendar outside text fields: d, w, m switch views, t goes to today, [ and ] page.
 *  The task list's keys do nothing here. Returns whether the key was the calendar's. */
export function calendarKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const k = { d: 'day', w: 'week', m: 'month' }[e.key];
  if (k) { e.preventDefault(); location.hash = href(k, C.anchor); return true; }
  if (e.key === 't') { e.preventDefault(); location.hash = href(C.mode, today()); return true; }
  if (e.key === '[' || e.key === ']') { e.preventDefault(); location.hash = href(C.mode, step(e.key === ']' ? 1 : -1)); return true; }
  return ['j', 'k', 'x', 'e', 'Enter', 'ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', ' '].includes(e.key);
}

const narrow = () => matchMedia('(max-width: 767px)').matches;
// A phone turned or a window narrowed: a Week becomes three days, or seven again.
matchMedia('(max-width: 767px)').addEventListener('change', () => { if (C.active) { C.scrolled = false; renderHeader(); load(); } });

// ---------- Dates ----------

/** The days shown: a Day, a Week from Monday (three days from the anchor on a phone), or the six
 *  weeks around a month. */
function visibleDays() {
  if (C.mode === 'day') return [C.anchor];
  if (C.mode === 'week') {
    const first = narrow() ? C.anchor : addDays(C.anchor, -((dow(C.anchor) + 6) % 7));
    return Array.from({ length: narrow() ? 3 : 7 }, (_, i) => addDays(first, i));
  }
  const first = C.anchor.slice(0, 8) + '01';
  const start = addDays(first, -((dow(first) + 6) % 7));
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** The anchor one page forward (1) or back (-1). */
function step(n) {
  if (C.mode === 'day') return addDays(C.anchor, n);
  if (C.mode === 'week') return addDays(C.anchor, n * (narrow() ? 3 : 7));
  return addMonths(C.anchor.slice(0, 8) + '01', n);
}

function rangeText(days) {
  const a = days[0], b = days[days.length - 1];
  if (C.mode === 'month') return `${MONTHS[Number(C.anchor.slice(5, 7)) - 1]} ${C.anchor.slice(0, 4)}`;
  if (C.mode === 'day') return `${dayName(a)} ${a.slice(0, 4)}`;
  const m = (d) => MONTHS[Number(d.slice(5, 7)) - 1].slice(0, 3);
  return a.slice(5, 7) === b.slice(5, 7)
    ? `${Number(a.slice(8))} – ${Number(b.slice(8))} ${m(a)} ${a.slice(0, 4)}`
    : `${Number(a.slice(8))} ${m(a)} – ${Number(b.slice(8))} ${m(b)} ${b.slice(0, 4)}`;
}

// ---------- Data ----------
async function load() {
  const seq = ++C.seq;
  const days = visibleDays();
  try {
    const [data, done] = await Promise.all([
      get('/calendar' + qs({ from: days[0], to: days[days.length - 1] })),
      C.mode === 'month' ? get('/tasks' + qs({ view: 'logbook' })) : null,
    ]);
    if (seq !== C.seq || !C.active) return;
    // A gesture or a write under way: this answer may be older than the grid, whose own edits
    // it would undo (a second arrow press would start from the block's old place); ask again
    // after. Checked before the answer is taken, and again after the free slots' answers.
    const later = () => C.dragging || C.busy || C.pending.size;
    if (later()) { setTimeout(calendarChanged, 300); return; }
    C.data = data;
    C.done = done;
    if (C.find && C.mode !== 'month') await loadFree(days, seq);
    if (seq !== C.seq || !C.active) return;
    if (later()) { setTimeout(calendarChanged, 300); return; }
    // The echo of a change already on screen (the live event of our own write, a calendar
    // refreshed without news) draws nothing: a redraw would drop a gesture about to start.
    const drawn = JSON.stringify([data, done, C.free, C.mode, visibleDays()]);
    if (drawn === C.drawn && $('#cal-view .cal-grid, #cal-view .cal-month')) return;
    C.drawn = drawn;
    render();
  } catch (e) {
    if (seq === C.seq) showError(e);
  }
}

async function loadFree(days, seq = C.seq) {
  const got = await Promise.all(days.map((d) => get('/free' + qs({ date: d, duration: C.find + 'm' })).catch(() => ({ date: d, slots: [] }))));
  if (seq !== C.seq) return;
  C.free = Object.fromEntries(got.map((f) => [f.date, f.slots || []]));
}

/** Where the working day starts (the settings' `workday_start`, 09:00 by default): the grid
 *  opens an hour before it, and a tray task put on the grid by keyboard lands at it. */
const workStart = () => clockMinutes(C.data && C.data.workday && C.data.workday.start, 9 * 60);

/** Every task of the answer with its day: [{task, day}]. */
function dayTasks() {
  return (C.data ? C.data.days : []).flatMap((d) => d.tasks.map((t) => ({ task: t, day: d.date })));
}
const findTask = (id) => dayTasks().find((x) => x.task.id === id);

// ---------- Header ----------
function renderHeader() {
  $('#view-title').replaceChildren(icon('calendar', 'title-icon'), h('span', { text: 'Calendar' }));
  document.title = 'Calendar · todo.md';
  kids($('#head-actions'), h('button', { type: 'button', class: 'tool-btn', onclick: () => openCalendars(load, tint), 'aria-label': 'External calendars', title: 'External calendars' },
    icon('gear'), h('span', { class: 'cal-hide-narrow', text: 'Calendars' })));
  const days = visibleDays();
  const modes = h('div', { class: 'seg cal-modes', role: 'group', 'aria-label': 'Calendar view' }, MODES.map(([m, label]) =>
    h('a', { class: 'seg-btn', href: href(m, C.anchor), 'aria-current': C.mode === m ? 'page' : null, 'aria-pressed': null, text: label })));
  const nav = h('div', { class: 'cal-nav', role: 'group', 'aria-label': 'Dates' },
    h('a', { class: 'icon-btn', href: href(C.mode, step(-1)), 'aria-label': 'Previous', title: 'Previous' }, icon('back')),
    h('a', { class: 'tool-btn', href: href(C.mode, today()), text: 'Today' }),
    h('a', { class: 'icon-btn', href: href(C.mode, step(1)), 'aria-label': 'Next', title: 'Next' }, icon('chevron')));
  const find = C.mode === 'month' ? null : h('select', { id: 'cal-find', class: 'input select cal-find', 'aria-label': 'Find free time', onchange: (e) => setFind(Number(e.target.value)) },
    h('option', { value: '0', text: 'Find time…', selected: !C.find }),
    FIND.map((m) => h('option', { value: String(m), text: `Free ${minutesText(m)}`, selected: C.find === m })));
  kids($('#toolbar'), modes, nav, h('h2', { class: 'cal-range', id: 'cal-range', text: rangeText(days) }), h('span', { class: 'grow' }), find);
}

async function setFind(minutes) {
  C.find = minutes;
  if (!minutes) { C.free = {}; render(); announce('Free time hidden.'); return; }
  const days = visibleDays();
  try { await loadFree(days); } catch (e) { showError(e); return; }
  render();
  const n = days.reduce((s, d) => s + (C.free[d] || []).length, 0);
  announce(n ? `${n} free ${n === 1 ? 'slot' : 'slots'} of at least ${minutesText(minutes)} highlighted.` : `No free ${minutesText(minutes)} in these days.`);
  const first = $('.cal-free');
  if (first) first.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

// ---------- Rendering ----------
function render() {
  const view = $('#cal-view');
  if (!view || !C.data) return;
  renderHeader();
  const focus = document.activeElement && view.contains(document.activeElement) && document.activeElement.dataset.id
    ? `[data-id="${CSS.escape(document.activeElement.dataset.id)}"].${document.activeElement.classList.contains('cal-task') ? 'cal-task' : 'cal-chip'}` : null;
  const live = $('#cal-live') || h('div', { id: 'cal-live', class: 'sr', role: 'status', 'aria-live': 'polite' });
  kids(view, problems(), live, C.mode === 'month' ? monthView(visibleDays(), C.anchor, C.data, C.done, rangeText(visibleDays())) : gridView());
  if (focus) { const el = $(focus, view); if (el) el.focus({ preventScroll: true }); }
  if (C.mode !== 'month' && !C.scrolled) { C.scrolled = true; scrollToWorkday(); }
}

function announce(text) {
  const live = $('#cal-live');
  if (!live) return;
  live.textContent = '';
  setTimeout(() => { live.textContent = text; }, 30);
}

/** A banner per calendar that could not be read (its last good copy is still shown). */
function problems() {
  const list = (C.data.calendars || []).filter((c) => c.error);
  if (!list.length) return null;
  return h('div', { class: 'cal-problems', role: 'alert' }, list.map((c) => h('p', { class: 'banner cal-problem' },
    icon('info'), h('span', { text: `Calendar “${c.name}” could not be read: ${c.error}` }))));
}

/** Room above the first hour line shown under the sticky heads: its label rises above the line
 *  (calendar.css, `.cal-hour`), and would be cut in half at the edge. */
const LABEL_ROOM = 10;

function scrollToWorkday() {
  const body = $('.cal-body');
  const scroller = $('#scroll');
  if (!body || !scroller) return;
  const top = $('.cal-top');
  const y = body.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
    + (workStart() - 60 - FIRST) * PX - (top ? top.offsetHeight : 0) - LABEL_ROOM;
  scroller.scrollTop = Math.max(0, y);
}

function gridView() {
  const days = visibleDays();
  const byDay = Object.fromEntries(C.data.days.map((d) => [d.date, d]));
  const cols = `3.4rem repeat(${days.length}, minmax(0, 1fr))`;
  const heads = h('div', { class: 'cal-row cal-heads' }, h('div', { class: 'cal-gutter' }),
    days.map((d) => h('a', { class: 'cal-dayhead' + (d === today() ? ' is-today' : ''), href: href('day', d), 'aria-label': dayName(d) + (d === today() ? ', today' : '') },
      h('span', { class: 'cal-dow', text: shortDay(d) }), h('span', { class: 'cal-dnum', text: String(Number(d.slice(8))) }))));
  const tray = h('div', { class: 'cal-row cal-tray' }, h('div', { class: 'cal-gutter cal-allday-label', text: 'All day' }),
    days.map((d) => trayCell(d, byDay[d])));
  const hours = h('div', { class: 'cal-gutter cal-hours', 'aria-hidden': 'true' });
  for (let m = FIRST; m < LAST; m += 60) hours.append(h('span', { class: 'cal-hour', text: timeText(hhmm(m)) }));
  const body = h('div', { class: 'cal-row cal-body' }, hours, days.map((d) => column(d, byDay[d])));
  for (const row of [heads, tray, body]) row.style.gridTemplateColumns = cols;
  const grid = h('div', { class: 'cal-grid cal-' + C.mode },
    h('div', { class: 'cal-top' }, heads, tray), body);
  grid.addEventListener('pointerdown', (e) => pointerDown(e, C, { findTask, change, flush, render }));
  grid.addEventListener('keydown', (e) => blockKey(e, C, { findTask, change, workStart }));
  grid.addEventListener('click', (e) => {
    const el = e.target.closest('.cal-chip[data-id]');
    if (el && !C.justDragged) C.ctx.openEditor(el.dataset.id);
  });
  return grid;
}

function trayCell(d, day) {
  const events = day ? day.events.filter((e) => e.all_day) : [];
  const tasks = day ? day.tasks.filter((t) => !(blockTime(t) && datePart(blockTime(t)) === d)) : [];
  return h('ul', { class: 'cal-tray-cell', 'data-date': d, 'aria-label': `All day, ${dayName(d)}` },
    events.map((e) => tint(h('li', { class: 'cal-chip cal-chip-event', title: `${e.title} (${e.calendar})` },
      h('span', { class: 'sr', text: 'Event: ' }), h('span', { text: e.title })), e.color)),
    tasks.map((t) => h('li', null, h('button', {
      type: 'button', class: 'cal-chip cal-chip-task' + (isOverdue(t, d) ? ' is-overdue' : ''), 'data-id': t.id,
      'aria-label': `${t.title}, ${dayName(d)}, all day${isOverdue(t, d) ? ', overdue' : ''}. Drag onto the grid to time-block; Enter opens; Down arrow puts it at ${timeText(hhmm(workStart()))}.`,
    }, h('span', { text: t.title })))));
}

function column(d, day) {
  const col = h('div', { class: 'cal-col' + (d === today() ? ' is-today' : ''), 'data-date': d, role: 'group', 'aria-label': dayName(d) });
  col.style.height = (LAST - FIRST) * PX + 'px';
  for (const s of C.free[d] || []) {
    const a = minutesOf(s.start), b = s.end.slice(0, 10) > d ? LAST : minutesOf(s.end);
    col.append(place(h('div', { class: 'cal-free', 'aria-label': `Free ${timeText(hhmm(a))} to ${timeText(hhmm(b))}` },
      h('span', { class: 'cal-free-text', text: `Free ${timeText(hhmm(a))} – ${timeText(hhmm(b))}` })), a, b));
  }
  const items = [];
  for (const e of day ? day.events : []) {
    if (e.all_day) continue;
    const a = datePart(e.start) < d ? 0 : minutesOf(e.start);
    const b = datePart(e.end) > d ? 24 * 60 : minutesOf(e.end);
    items.push({ a, b: Math.max(b, a + 15), el: eventBlock(e, a, b) });
  }
  for (const t of day ? day.tasks : []) {
    const when = blockTime(t);
    if (!when || datePart(when) !== d) continue;
    const a = minutesOf(when);
    items.push({ a, b: a + length(t), el: taskBlock(t, d, a) });
  }
  lanes(items);
  for (const it of items) {
    place(it.el, it.a, it.b);
    it.el.style.left = `calc(${(it.lane / it.lanes) * 100}% + 2px)`;
    it.el.style.width = `calc(${100 / it.lanes}% - 4px)`;
    col.append(it.el);
  }
  const now = C.ctx.sidebar() && C.ctx.sidebar().now;
  if (now && datePart(now) === d && minutesOf(now) >= FIRST) {
    const line = h('div', { class: 'cal-now', 'aria-hidden': 'true' });
    line.style.top = (minutesOf(now) - FIRST) * PX + 'px';
    col.append(line);
  }
  return col;
}

/** Side by side: overlapping items share their cluster's width. */
function lanes(items) {
  items.sort((x, y) => x.a - y.a || y.b - x.b);
  let cluster = [], end = -1;
  const close = () => { const n = Math.max(1, ...cluster.map((i) => i.lane + 1)); for (const i of cluster) i.lanes = n; cluster = []; };
  for (const it of items) {
    if (it.a >= end) { close(); end = -1; }
    const used = cluster.filter((c) => c.b > it.a).map((c) => c.lane);
    let lane = 0;
    while (used.includes(lane)) lane++;
    it.lane = lane;
    cluster.push(it);
    end = Math.max(end, it.b);
  }
  close();
}

function place(el, a, b) {
  const top = Math.max(a, FIRST), bottom = Math.max(Math.min(b, LAST), top + 15);
  el.style.top = (top - FIRST) * PX + 'px';
  el.style.height = (bottom - top) * PX + 'px';
  return el;
}

/** `el` in a calendar's colour (styles go through the CSSOM: the page's policy forbids inline ones). */
function tint(el, color) {
  if (color && /^#[0-9a-f]{6}$/i.test(color)) el.style.setProperty('--ev', color);
  return el;
}

function eventBlock(e, a, b) {
  return tint(h('div', { class: 'cal-event', title: `${e.title} · ${e.calendar}` },
    h('span', { class: 'sr', text: `Event from ${e.calendar}: ` }),
    h('span', { class: 'cal-b-title', text: e.title }),
    h('span', { class: 'cal-b-time', text: `${timeText(hhmm(a))} – ${timeText(hhmm(b % (24 * 60)))}` })), e.color);
}

function taskLabel(t, d, a) {
  return `${t.title}, ${dayName(d)}, ${timeText(hhmm(a))} to ${timeText(hhmm((a + length(t)) % (24 * 60)))}, ${minutesText(length(t))}.`
    + ' Arrows move it, Shift and arrows change its length, Enter opens it.';
}

function taskBlock(t, d, a) {
  return h('div', {
    class: 'cal-task' + (t.priority && t.priority !== 'none' ? ' prio-' + t.priority : ''), 'data-id': t.id, 'data-date': d,
    tabindex: '0', role: 'button', 'aria-label': taskLabel(t, d, a),
  },
  h('span', { class: 'cal-b-title', text: t.title }),
  h('span', { class: 'cal-b-time', text: `${timeText(hhmm(a))} · ${minutesText(length(t))}` }),
  h('span', { class: 'cal-resize', 'aria-hidden': 'true' }));
}

// ---------- Changing a task ----------
/** Moves task `id` to `date` at minute `start` (null: the whole day) or gives it `minutes`; the
 *  grid follows at once, the file a moment later (key presses in a row make one write). */
function change(id, { date, start, minutes }, said) {
  const x = findTask(id);
  if (!x) return;
  const t = x.task;
  const body = {};
  if (date) {
    const value = start == null ? date : `${date}T${hhmm(start)}`;
    t.scheduled = value;
    body.scheduled = value;
    if (x.day !== date) {
      const from = C.data.days.find((d) => d.date === x.day);
      const to = C.data.days.find((d) => d.date === date);
      if (from) from.tasks = from.tasks.filter((o) => o.id !== id);
      if (to) to.tasks.push(t);
    }
  }
  if (minutes) { t.estimated_minutes = minutes; body.estimated_minutes = minutes; }
  C.drawn = null; // drawn from a local edit: the next answer is drawn whatever it says
  render();
  if (said) announce(said);
  const prev = C.pending.get(id);
  if (prev) clearTimeout(prev.timer);
  const merged = { ...(prev ? prev.body : {}), ...body };
  C.pending.set(id, { body: merged, timer: setTimeout(() => save(id), 350) });
}

async function save(id) {
  const p = C.pending.get(id);
  if (!p) return;
  C.pending.delete(id);
  C.busy++;
  try { await patch(`/tasks/${ref(id)}`, p.body); } catch (e) { showError(e); }
  C.busy--;
  if (!C.pending.size && !C.busy) load();
}

/** A dropped block is written at once (keys in a row wait a moment, to make one write). */
function flush(id) {
  const p = C.pending.get(id);
  if (p) { clearTimeout(p.timer); save(id); }
}
