// Time tracking (§27): the timer button on task rows, the page's clock, and the Pomodoro mode.
// The running timer lives in the task file (an entry of time_entries whose end is null), so
// the rows show it from the task itself; one timer runs per vault (the server stops the other).
// The page's clock is the server's now (GET /api/v1/timer) moved on by the time spent on the
// page since, so a fixed server clock and a test's fake Date.now drive it.
import { h, icon, store } from './util.js';
import { get, post, ref } from './api.js';
import { toast, showError } from './ui.js';
import { openTaskAnywhere } from './router.js';

let told = null; // [server's now in ms, Date.now() when it was told]
let pomodoroSettings = { work: 25, break: 5 };
let pomodoro = store.get('pomodoro', null); // {id, title, phase: 'work'|'break', start, end} (ms)
let ticking = null;
const tickListeners = new Set();
// The vault's running timer as the server last said ({id, title, start}), whichever task and
// view: the timer bar shows it everywhere (beside the sidebar's foot, or floating on a phone).
let running = null;

/** The page's clock, in ms since 1970 (UTC). */
export const pageNow = () => (told ? told[0] + (Date.now() - told[1]) : Date.now());

/** Reads the server's now and the Pomodoro lengths (once, then on demand). */
export async function syncTimer() {
  try {
    const r = await get('/timer');
    const ms = Date.parse(r.now);
    if (!isNaN(ms)) told = [ms, Date.now()];
    if (r.pomodoro) pomodoroSettings = r.pomodoro;
    setRunning(r.timer);
    return r;
  } catch { return null; }
}
const ready = syncTimer();

/** Something in the vault changed (a live event): the running timer is asked for again, once
 *  for a burst of changes — another program or the command line may have started or stopped it.
 *  The page's clock stays as it was first told: it runs on from there. */
let asking = null;
export function timerChanged() {
  clearTimeout(asking);
  asking = setTimeout(async () => {
    try { setRunning((await get('/timer')).timer); } catch { /* the next change asks again */ }
  }, 300);
}

function setRunning(timer) {
  running = timer && timer.task ? { id: timer.task.id, title: timer.task.title, start: timer.start } : null;
  if (running) ensureTicking();
  paintBar();
}

/** Calls `fn` on every tick (each second while a timer or a Pomodoro runs) and after changes. */
export function onTimerTick(fn) { tickListeners.add(fn); return () => tickListeners.delete(fn); }

/** The open entry of task `t` (end null), or null; `t` is a whole TASK or a list's row form. */
export function runningEntry(t) {
  if (t && t.timer_start) return { start: t.timer_start, end: null }; // a list's row form says only this
  return (t && t.time_entries || []).find((e) => e && typeof e === 'object' && e.start && e.end === null) || null;
}

/** `12:05` or `1:02:05`: a length of time in seconds. */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600), mm = Math.floor(s / 60) % 60, ss = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${two(mm)}:${two(ss)}`;
}

/** Seconds an open entry has run on the page's clock. */
export const elapsed = (entry) => (pageNow() - Date.parse(entry.start)) / 1000;

/** Starts the timer on task `id` (the server stops the running one). */
export async function startTimer(id, note) {
  try {
    if (pomodoro) await stopPomodoro();
    const r = await post(`/tasks/${ref(id)}/timer/start`, note ? { note } : {});
    await ready;
    setRunning(r.timer);
    changed();
    return r;
  } catch (e) { showError(e); return null; }
}

/** Stops the running timer. */
export async function stopTimer() {
  try {
    const r = await post('/timer/stop');
    setRunning(null);
    changed();
    const t = r && r.stopped && r.stopped[r.stopped.length - 1];
    if (t) toast(`Timer stopped: ${t.title}`);
    return r;
  } catch (e) { showError(e); return null; }
}

/** The timer button of a task row: start, or stop with the time it has run. */
export function timerButton(t) {
  const entry = runningEntry(t);
  const pomo = pomodoro && pomodoro.id === t.id ? pomodoro : null;
  if (t.status === 'done' || t.status === 'cancelled') { if (!entry && !pomo) return null; }
  const label = entry ? `Stop timer on ${t.title}` : `Start timer on ${t.title}`;
  const text = h('span', { class: 'timer-elapsed' });
  const b = h('button', { type: 'button', class: 'timer-btn' + (entry ? ' is-running' : '') + (pomo ? ' is-pomodoro' : ''),
    'aria-label': label, title: label, 'aria-pressed': String(!!entry), 'data-timer-id': t.id },
  icon(entry ? 'stop' : 'play'), text);
  if (entry) b.dataset.start = entry.start;
  b.dataset.title = t.title;
  b.addEventListener('click', (e) => {
    // The row opens the editor on a click: this one is the timer's alone.
    e.stopPropagation();
    if (pomodoro && pomodoro.id === t.id) stopPomodoro();
    else if (entry) stopTimer(); else startTimer(t.id);
  });
  paintButton(b);
  ensureTicking();
  return b;
}

function paintButton(b) {
  const span = b.querySelector('.timer-elapsed');
  if (!span) return;
  const id = b.dataset.timerId, title = b.dataset.title;
  const mine = pomodoro && pomodoro.id === id;
  let label;
  if (mine) {
    // The time left in the period; the label says which period it is.
    span.textContent = clockText((pomodoro.end - pageNow()) / 1000);
    label = `${pomodoro.phase === 'work' ? 'Pomodoro work period' : 'Pomodoro break'} on ${title}`;
  } else if (b.dataset.start) {
    span.textContent = clockText((pageNow() - Date.parse(b.dataset.start)) / 1000);
    label = `Stop timer on ${title}`;
  } else {
    span.textContent = '';
    label = `Start timer on ${title}`;
  }
  b.classList.toggle('is-pomodoro', !!mine);
  if (b.getAttribute('aria-label') !== label) { b.setAttribute('aria-label', label); b.title = label; }
}

function ensureTicking() {
  if (ticking) return;
  ticking = setInterval(tick, 1000);
}

function tick() {
  const buttons = document.querySelectorAll('.timer-btn');
  buttons.forEach(paintButton);
  if (pomodoro) advancePomodoro();
  paintBar();
  for (const fn of tickListeners) fn();
  if (!pomodoro && !running && ![...buttons].some((b) => b.dataset.start) && !document.querySelector('.d-timer')) {
    clearInterval(ticking);
    ticking = null;
  }
}

function changed() { paintBar(); for (const fn of tickListeners) fn(); }

// ---------- The timer bar ----------

const phone = matchMedia('(max-width: 767px)');
phone.addEventListener('change', () => paintBar());

/** Shows the running timer or Pomodoro wherever the page is: its task (a link that opens it),
 *  the time, and Stop. Beside the sidebar's foot on a wide screen; floating on a phone. */
function paintBar() {
  const p = pomodoro;
  const shown = p ? { id: p.id, title: p.title } : running;
  let bar = document.getElementById('timer-bar');
  if (!shown) {
    if (bar) bar.remove();
    return;
  }
  if (!bar) {
    bar = h('div', { id: 'timer-bar', class: 'timer-bar', role: 'region', 'aria-label': 'Running timer' },
      h('span', { class: 'timer-bar-dot', 'aria-hidden': 'true' }),
      h('button', { type: 'button', class: 'timer-bar-task', onclick: () => openTaskAnywhere(bar.dataset.id) }),
      h('span', { class: 'timer-bar-clock' }),
      h('button', { type: 'button', class: 'icon-btn small timer-bar-stop', onclick: () => (pomodoro ? stopPomodoro() : stopTimer()) }, icon('stop')));
  }
  const foot = document.querySelector('.sidebar .side-foot');
  if (phone.matches || !foot) {
    if (bar.parentElement !== document.body) document.body.append(bar);
  } else if (bar.nextElementSibling !== foot) {
    foot.before(bar);
  }
  bar.classList.toggle('floating', bar.parentElement === document.body);
  bar.dataset.id = shown.id;
  const task = bar.querySelector('.timer-bar-task');
  const what = p ? (p.phase === 'work' ? 'Pomodoro' : 'Break') : 'Timer';
  if (task.textContent !== shown.title) task.textContent = shown.title;
  const opens = `${what} on ${shown.title}: open the task`;
  if (task.getAttribute('aria-label') !== opens) task.setAttribute('aria-label', opens);
  const seconds = p ? (p.end - pageNow()) / 1000 : (pageNow() - Date.parse(shown.start || 0)) / 1000;
  const clock = bar.querySelector('.timer-bar-clock');
  const text = clockText(seconds);
  if (clock.textContent !== text) clock.textContent = text;
  clock.title = p ? `${what}: time left` : 'Time on it so far';
  const stop = bar.querySelector('.timer-bar-stop');
  const label = p ? `Stop the Pomodoro on ${shown.title}` : `Stop timer on ${shown.title}`;
  if (stop.getAttribute('aria-label') !== label) { stop.setAttribute('aria-label', label); stop.title = label; }
  bar.classList.toggle('is-break', !!(p && p.phase === 'break'));
}

// ---------- Pomodoro ----------

/** The Pomodoro running now, or null: {id, title, phase, start, end} in ms. */
export const currentPomodoro = () => pomodoro;
/** The work and break lengths, in minutes (settings `pomodoro_work`, `pomodoro_break`). */
export const pomodoroLengths = () => pomodoroSettings;

function savePomodoro(p) {
  pomodoro = p;
  store.set('pomodoro', p);
  changed();
}

/** Starts a Pomodoro on task `t`: a work period, then a break; the running timer stops first. */
export async function startPomodoro(t) {
  await ready;
  if ('Notification' in window && Notification.permission === 'default') {
    try { Notification.requestPermission(); } catch { /* not offered */ }
  }
  if (runningEntry(t) || document.querySelector('.timer-btn.is-running')) await stopTimer();
  const start = pageNow();
  savePomodoro({ id: t.id, title: t.title, phase: 'work', start, end: start + pomodoroSettings.work * 60000 });
  ensureTicking();
}

/** Stops the Pomodoro; a work period of a minute or more is recorded as far as it went. */
export async function stopPomodoro() {
  const p = pomodoro;
  if (!p) return;
  savePomodoro(null);
  const now = Math.min(pageNow(), p.end);
  if (p.phase === 'work' && now - p.start >= 60000) await record(p, now);
}

async function record(p, end) {
  try {
    await post(`/tasks/${ref(p.id)}/time-entries`, {
      start: new Date(Math.floor(p.start / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
      end: new Date(Math.floor(end / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
      note: 'Pomodoro',
    });
  } catch (e) { showError(e); }
}

/** When a period is over: the work period is recorded, then the break runs; both notify. */
async function advancePomodoro() {
  const p = pomodoro;
  if (!p || pageNow() < p.end) return;
  if (p.phase === 'work') {
    const minutes = pomodoroSettings.break;
    savePomodoro({ ...p, phase: 'break', start: p.end, end: p.end + minutes * 60000 });
    notify(`Pomodoro done: ${p.title}. Take a ${minutes}-minute break.`);
    await record(p, p.end);
  } else {
    savePomodoro(null);
    notify(`Break over. Ready for the next Pomodoro on ${p.title}?`);
  }
}

function notify(message) {
  toast(message, { timeout: 15000 });
  if ('Notification' in window && Notification.permission === 'granted') {
    try { new Notification('todo.md', { body: message, tag: 'todomd-pomodoro' }); } catch { /* not offered */ }
  }
}

if (pomodoro) ensureTicking();
