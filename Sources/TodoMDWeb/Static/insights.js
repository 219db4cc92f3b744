// Insights (#/insights, §27): the last weeks at a glance, from GET /stats?weeks=N — tasks
// completed per day (bars), per area and per project (horizontal bars), the planner's Must-Do
// streak as a big number, the average carry, this week against last, and estimate against
// tracked time when tasks have both.
// Charts are inline SVG drawn here at the width they get (again when it changes), coloured by the
// app's CSS variables so themes and dark mode apply. Each is an image with a title and a
// description in words, followed by a visually hidden table of its numbers for screen readers.
import { h, kids, $, icon, loadStyle, store, shortDate, minutesText } from './util.js';
import { get, qs } from './api.js';
import { showError } from './ui.js';

const SVG = 'http://www.w3.org/2000/svg';
const WEEK_CHOICES = [1, 4, 12, 26, 52];
// The page's state: what the server answered, the request under way, the width drawn for.
const I = { active: false, data: null, seq: 0, resize: null, width: 0 };

const weeks = () => { const w = store.get('insights.weeks', 4); return WEEK_CHOICES.includes(w) ? w : 4; };
const plural = (n, one, many = one + 's') => `${n} ${n === 1 ? one : many}`;

/** Shows the insights page in the list's place. */
export async function showInsights() {
  I.active = true;
  await loadStyle('insights.css');
  if (!I.active) return;
  $('#app').classList.add('insights-mode');
  let view = $('#insights-view');
  if (!view) {
    view = h('section', { id: 'insights-view', class: 'insights-view', 'aria-labelledby': 'view-title', 'aria-busy': 'true' });
    $('#scroll').append(view);
    I.resize = new ResizeObserver(() => { if (I.data && Math.abs(view.clientWidth - I.width) > 4) render(); });
    I.resize.observe(view);
  }
  $('#scroll').scrollTop = 0;
  renderHeader();
  await load();
}

/** Leaves the page and gives it back to the list. */
export function hideInsights() {
  if (!I.active) return;
  I.active = false;
  I.data = null;
  $('#app').classList.remove('insights-mode');
  if (I.resize) { I.resize.disconnect(); I.resize = null; }
  const view = $('#insights-view');
  if (view) view.remove();
}

/** Something changed in the vault: count again. */
export function insightsChanged() { if (I.active) load(); }

/** The list's shortcuts mean nothing here (there is no list). */
export const insightsKey = (e) => ['j', 'k', 'x', 'd', 'e', 'n', 'Enter', 'ArrowDown', 'ArrowUp'].includes(e.key);

async function load() {
  const seq = ++I.seq;
  try {
    const data = await get('/stats' + qs({ weeks: weeks() }));
    if (seq !== I.seq || !I.active) return;
    I.data = data;
    render();
  } catch (e) { if (seq === I.seq) showError(e); }
}

function renderHeader() {
  $('#view-title').replaceChildren(icon('chart', 'title-icon'), h('span', { text: 'Insights' }));
  document.title = 'Insights · todo.md';
  kids($('#head-actions'));
  const select = h('select', { class: 'input select', id: 'insights-weeks', onchange: (e) => { store.set('insights.weeks', Number(e.target.value)); load(); } },
    WEEK_CHOICES.map((n) => h('option', { value: n, text: n === 1 ? 'Last 7 days' : `Last ${n} weeks`, selected: n === weeks() })));
  kids($('#toolbar'), h('label', { class: 'ins-weeks', for: 'insights-weeks' }, h('span', { class: 'flabel', text: 'Period' })), select, h('span', { class: 'grow' }));
}

// ---------- The page ----------
function render() {
  const view = $('#insights-view');
  const d = I.data;
  if (!view || !d) return;
  I.width = view.clientWidth;
  view.replaceChildren(
    h('p', { class: 'ins-range', text: `${shortDate(d.from)} – ${shortDate(d.to)}` }),
    h('ul', { class: 'ins-cards' }, streakCard(d), weekCard(d), card('Completed', String(d.completed_total),
      `in the last ${d.weeks === 1 ? '7 days' : plural(d.weeks, 'week')}`), carryCard(d)));
  const days = Object.entries(d.completed_per_day).map(([date, n]) => ({ date, n }));
  chart(view, 'ins-days', 'Completed per day', (w) => dayBars(days, d.to, w), daysSummary(days),
    ['Day', 'Completed'], days.map((x) => [shortDate(x.date), x.n]));
  keyChart(view, 'ins-areas', 'By area', d.completed_by_area, 'No area');
  keyChart(view, 'ins-projects', 'By project', d.completed_by_project, 'No project');
  estimateChart(view, d.estimate_vs_tracked || []);
  view.setAttribute('aria-busy', 'false');
}

/** A headline card: a label, a large value, a note, and where to go from it (`link`: {href, text}). */
function card(label, value, note, extra, link) {
  return h('li', { class: 'ins-card' + (extra ? ' ' + extra : '') },
    h('span', { class: 'ins-label', text: label }), h('span', { class: 'ins-value', text: value }),
    h('span', { class: 'ins-note', text: note }), link ? h('a', { class: 'ins-link', href: link.href, text: link.text }) : null);
}

function streakCard(d) {
  const t = d.must_do_today || { planned: 0, done: 0 };
  const today = t.planned === 0 ? 'No Must-Do planned today'
    : t.done === t.planned ? 'Today’s Must-Do done' : `Today: ${t.done} of ${t.planned} Must-Dos done`;
  return card('Must-Do streak', String(d.must_do_streak), `${d.must_do_streak === 1 ? 'day' : 'days'} in a row with every Must-Do done. ${today}.`,
    'ins-streak', { href: '#/plan', text: t.planned ? 'Open today’s plan' : 'Plan a Must-Do' });
}

function weekCard(d) {
  const diff = d.this_week.completed - d.last_week.completed;
  const than = diff === 0 ? 'as many as last week' : `${Math.abs(diff)} ${diff > 0 ? 'more' : 'fewer'} than last week (${d.last_week.completed})`;
  return card('This week', String(d.this_week.completed), `done since ${shortDate(d.this_week.from)}, ${than}`, null,
    { href: '#/view/logbook', text: 'Logbook' });
}

function carryCard(d) {
  const x = Math.round(d.average_carry_count * 100) / 100;
  return card('Average carry', String(x), d.carried_tasks
    ? `rollovers per planned task (${plural(d.carried_tasks, 'task')})` : 'no planned tasks yet');
}

/**
 * A chart card: a heading, the SVG (`draw(width)` → {svg parts}) as an image described in words,
 * and the same numbers as a hidden table. `summary` is the description.
 */
function chart(view, id, title, draw, summary, head, rows, empty) {
  const fig = h('figure', { class: 'ins-chart', id, 'aria-labelledby': id + '-h' },
    h('h2', { class: 'ins-h', id: id + '-h', text: title }));
  view.append(fig);
  if (empty) { fig.append(h('p', { class: 'ins-empty', text: empty })); return; }
  const plot = h('div', { class: 'ins-plot' });
  fig.append(plot);
  const width = Math.max(240, Math.floor(plot.clientWidth));
  const { height, parts } = draw(width);
  const svg = s('svg', { role: 'img', width, height, viewBox: `0 0 ${width} ${height}`, 'aria-labelledby': `${id}-t ${id}-d`, focusable: 'false' },
    s('title', { id: id + '-t', text: title }), s('desc', { id: id + '-d', text: summary }), parts);
  plot.append(svg);
  fig.append(h('table', { class: 'sr' }, h('caption', { text: title }),
    h('thead', null, h('tr', null, head.map((x) => h('th', { scope: 'col', text: x })))),
    h('tbody', null, rows.map((r) => h('tr', null, h('th', { scope: 'row', text: r[0] }), r.slice(1).map((x) => h('td', { text: x })))))));
}

// ---------- Completed per day: one bar a day ----------
function dayBars(days, today, width) {
  const height = 170, top = 14, bottom = 24, left = 26, right = 4;
  const plotW = width - left - right, plotH = height - top - bottom;
  const peak = Math.max(1, ...days.map((x) => x.n));
  const slot = plotW / days.length;
  const barW = Math.max(1, Math.min(28, slot * 0.72));
  const y = (n) => top + plotH - (n / peak) * plotH;
  const parts = [];
  for (const v of peak >= 4 ? [Math.round(peak / 2), peak] : [peak]) {
    parts.push(s('line', { class: 'ins-grid', x1: left, x2: width - right, y1: y(v), y2: y(v) }),
      s('text', { class: 'ins-axis', x: left - 6, y: y(v) + 4, 'text-anchor': 'end', text: v }));
  }
  parts.push(s('line', { class: 'ins-base', x1: left, x2: width - right, y1: top + plotH, y2: top + plotH }));
  let lastLabel = -Infinity;
  days.forEach((x, i) => {
    const cx = left + slot * i + slot / 2;
    if (x.n > 0) {
      parts.push(s('rect', { class: 'ins-bar' + (x.date === today ? ' is-today' : ''), x: cx - barW / 2, y: y(x.n), width: barW, height: top + plotH - y(x.n), rx: Math.min(3, barW / 3) },
        s('title', { text: `${shortDate(x.date)}: ${x.n} completed` })));
    }
    const label = dayLabel(x.date, i, days.length);
    if (label && cx - lastLabel >= 40 && cx + 18 <= width) {
      lastLabel = cx;
      parts.push(s('text', { class: 'ins-axis' + (x.date === today ? ' is-today' : ''), x: cx, y: height - 7, 'text-anchor': 'middle', text: label }));
    }
  });
  return { height, parts };
}

/** The axis label of a day: every weekday for a week, Mondays for some weeks, months' firsts for many. */
function dayLabel(date, i, count) {
  const dt = new Date(date + 'T12:00:00Z');
  const [wd, day, mon] = [dt.getUTCDay(), dt.getUTCDate(), dt.toLocaleString('en', { month: 'short', timeZone: 'UTC' })];
  if (count <= 7) return dt.toLocaleString('en', { weekday: 'short', timeZone: 'UTC' });
  if (count <= 91) return wd === 1 || i === 0 ? `${day} ${mon}` : null;
  return day === 1 ? mon : null;
}

function daysSummary(days) {
  const total = days.reduce((a, x) => a + x.n, 0);
  if (!total) return `Nothing completed from ${shortDate(days[0].date)} to ${shortDate(days[days.length - 1].date)}.`;
  const best = days.reduce((a, x) => (x.n > a.n ? x : a));
  const idle = days.filter((x) => x.n === 0).length;
  return `${plural(total, 'task')} completed from ${shortDate(days[0].date)} to ${shortDate(days[days.length - 1].date)}; `
    + `the most on ${shortDate(best.date)} (${best.n}); ${plural(idle, 'day')} without a completion.`;
}

// ---------- By area, by project: one horizontal bar per value ----------
function keyChart(view, id, title, counts, none) {
  const rows = Object.entries(counts || {}).map(([key, n]) => ({ name: key || none, none: !key, n }));
  const summary = rows.length ? rows.slice(0, 12).map((r) => `${r.name} ${r.n}`).join(', ')
    + (rows.length > 12 ? `, and ${rows.length - 12} more` : '') + '.' : '';
  chart(view, id, title, (w) => hBars(rows, w), `Tasks completed ${title.toLowerCase()}: ${summary}`,
    [title.replace('By ', '').replace(/^./, (c) => c.toUpperCase()), 'Completed'], rows.map((r) => [r.name, r.n]),
    rows.length ? null : 'Nothing completed in this period.');
}

function hBars(rows, width) {
  const rowH = 30, labelW = Math.min(150, Math.round(width * 0.38)), countW = 34;
  const barMax = width - labelW - countW - 8;
  const peak = Math.max(1, ...rows.map((r) => r.n));
  const parts = [];
  rows.forEach((r, i) => {
    const y = i * rowH;
    const w = Math.max(2, (r.n / peak) * barMax);
    parts.push(s('text', { class: 'ins-label-text' + (r.none ? ' is-none' : ''), x: 0, y: y + 19, text: fit(r.name, labelW - 8) }, s('title', { text: r.name })),
      s('rect', { class: 'ins-bar', x: labelW, y: y + 6, width: w, height: rowH - 12, rx: 3 }),
      s('text', { class: 'ins-count', x: labelW + w + 6, y: y + 19, text: r.n }));
  });
  return { height: rows.length * rowH, parts };
}

// ---------- Estimate against tracked time: two bars per task ----------
function estimateChart(view, tasks) {
  const rows = tasks.slice(0, 12);
  const over = tasks.filter((t) => t.tracked_minutes > t.estimated_minutes).length;
  const est = tasks.reduce((a, t) => a + t.estimated_minutes, 0), tracked = tasks.reduce((a, t) => a + t.tracked_minutes, 0);
  const summary = tasks.length
    ? `${plural(tasks.length, 'task')} with an estimate and tracked time: ${over} took longer than estimated; ${minutesText(est)} estimated, ${minutesText(tracked)} tracked in all.`
    : '';
  chart(view, 'ins-estimates', 'Estimate vs tracked time', (w) => pairedBars(rows, w), summary,
    ['Task', 'Estimated', 'Tracked'], tasks.map((t) => [t.title, minutesText(t.estimated_minutes), minutesText(t.tracked_minutes)]),
    tasks.length ? null : 'No task has both an estimate and tracked time yet. Start a timer on a task with an estimate.');
  const fig = $('#ins-estimates');
  if (tasks.length) {
    fig.append(h('p', { class: 'ins-legend', 'aria-hidden': 'true' }, h('span', { class: 'ins-key est' }), 'Estimated ', h('span', { class: 'ins-key trk' }), 'Tracked',
      over ? [' ', h('span', { class: 'ins-key over' }), 'Over the estimate'] : null));
  }
}

function pairedBars(rows, width) {
  const rowH = 44, labelW = Math.min(150, Math.round(width * 0.38)), countW = 52;
  const barMax = width - labelW - countW - 8;
  const peak = Math.max(1, ...rows.flatMap((r) => [r.estimated_minutes, r.tracked_minutes]));
  const parts = [];
  rows.forEach((r, i) => {
    const y = i * rowH;
    const we = Math.max(2, (r.estimated_minutes / peak) * barMax), wt = Math.max(2, (r.tracked_minutes / peak) * barMax);
    parts.push(s('text', { class: 'ins-label-text', x: 0, y: y + 26, text: fit(r.title, labelW - 8) }, s('title', { text: r.title })),
      s('rect', { class: 'ins-est', x: labelW, y: y + 6, width: we, height: 14, rx: 3 }),
      s('text', { class: 'ins-count', x: labelW + we + 6, y: y + 17, text: minutesText(r.estimated_minutes) }),
      s('rect', { class: 'ins-bar' + (r.tracked_minutes > r.estimated_minutes ? ' is-over' : ''), x: labelW, y: y + 22, width: wt, height: 14, rx: 3 }),
      s('text', { class: 'ins-count', x: labelW + wt + 6, y: y + 33, text: minutesText(r.tracked_minutes) }));
  });
  return { height: rows.length * rowH, parts };
}

// ---------- SVG ----------
/** An SVG element: attributes (`text` sets its text), then children. */
function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null) continue;
    if (k === 'text') el.textContent = String(v); else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c) el.append(c);
  return el;
}

/** `text` cut with an ellipsis to about `width` pixels of 13 px type. */
function fit(text, width) {
  const max = Math.max(4, Math.floor(width / 7.2));
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}
