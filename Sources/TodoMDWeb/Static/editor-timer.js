// The detail editor's Time section (§27): the timer (start, stop, time so far), a Pomodoro
// (work period, then break, the work recorded as an entry), the time tracked and the last
// entries. The editor calls fillTimer(form, task) each time it shows a task; the section is
// made the first time and kept up to date by the page's clock.
import { h, $, icon, minutesText, shortDate } from './util.js';
import {
  runningEntry, elapsed, clockText, startTimer, stopTimer, startPomodoro, stopPomodoro, currentPomodoro,
  pomodoroLengths, pageNow, onTimerTick,
} from './timer.js';

let shown = null; // the task the section shows
let section = null;
let unsubscribe = null;

/** Shows task `t`'s time in `form` (making the section the first time). */
export function fillTimer(form, t) {
  shown = t;
  if (!section || !form.contains(section)) {
    section = make();
    const anchor = $('.d-notes-label', form);
    if (anchor) anchor.before(section); else form.append(section);
    if (unsubscribe) unsubscribe();
    unsubscribe = onTimerTick(() => { if (section && section.isConnected) paint(); });
  }
  paint();
}

function make() {
  const timerBtn = h('button', { type: 'button', class: 'btn btn-small d-timer-toggle' });
  const pomoBtn = h('button', { type: 'button', class: 'btn btn-small btn-quiet d-pomodoro-toggle' });
  timerBtn.addEventListener('click', async () => {
    const t = shown;
    if (!t) return;
    if (runningEntry(t)) await stopTimer(); else await startTimer(t.id);
  });
  pomoBtn.addEventListener('click', async () => {
    const t = shown;
    if (!t) return;
    const p = currentPomodoro();
    if (p && p.id === t.id) await stopPomodoro(); else await startPomodoro(t);
    paint();
  });
  return h('section', { class: 'd-timer', 'aria-labelledby': 'd-timer-head' },
    h('h2', { id: 'd-timer-head', class: 'd-label', text: 'Time' }),
    h('div', { class: 'd-timer-row' },
      h('span', { class: 'd-timer-now', role: 'timer', 'aria-live': 'off' }),
      timerBtn, pomoBtn),
    h('p', { class: 'd-timer-pomo', 'aria-live': 'polite' }),
    h('p', { class: 'd-timer-total' }),
    h('ul', { class: 'd-timer-entries', 'aria-label': 'Time entries' }));
}

function paint() {
  const t = shown;
  if (!t || !section) return;
  const entry = runningEntry(t);
  const p = currentPomodoro();
  const mine = p && p.id === t.id ? p : null;
  const now = $('.d-timer-now', section);
  now.textContent = entry ? clockText(elapsed(entry)) : mine ? clockText((mine.end - pageNow()) / 1000) : '';
  now.classList.toggle('is-running', !!entry);
  const toggle = $('.d-timer-toggle', section);
  const want = entry ? 'Stop timer' : 'Start timer';
  if (toggle.dataset.state !== want) {
    toggle.dataset.state = want;
    toggle.setAttribute('aria-pressed', String(!!entry));
    toggle.replaceChildren(icon(entry ? 'stop' : 'play'), h('span', { text: want }));
  }
  const pomo = $('.d-pomodoro-toggle', section);
  const lengths = pomodoroLengths();
  const pomoWant = mine ? 'Stop Pomodoro' : `Pomodoro ${lengths.work}/${lengths.break}`;
  if (pomo.dataset.state !== pomoWant) {
    pomo.dataset.state = pomoWant;
    pomo.setAttribute('aria-pressed', String(!!mine));
    pomo.replaceChildren(icon(mine ? 'stop' : 'clock'), h('span', { text: pomoWant }));
  }
  const phase = mine ? (mine.phase === 'work' ? `Work: ${clockText((mine.end - pageNow()) / 1000)} left` : `Break: ${clockText((mine.end - pageNow()) / 1000)} left`) : '';
  const pomoLine = $('.d-timer-pomo', section);
  // Whole minutes only, so a screen reader hears the phase change, not every second.
  const spoken = mine ? (mine.phase === 'work' ? 'Work period' : 'Break') : '';
  if (pomoLine.dataset.phase !== spoken) { pomoLine.dataset.phase = spoken; pomoLine.setAttribute('aria-label', spoken); }
  pomoLine.textContent = phase;
  pomoLine.hidden = !mine;
  const minutes = Math.floor((closedSeconds(t) + (entry ? Math.max(0, elapsed(entry)) : 0)) / 60);
  $('.d-timer-total', section).textContent = (t.time_entries || []).length
    ? `Tracked ${minutesText(minutes)}` + (t.estimated_minutes != null ? ` of ${minutesText(t.estimated_minutes)} estimated` : '')
    : 'No time tracked yet.';
  const list = $('.d-timer-entries', section);
  const entries = (t.time_entries || []).filter((e) => e && typeof e === 'object' && e.start && e.end).slice(-5).reverse();
  const key = JSON.stringify(entries);
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.replaceChildren(...entries.map((e) => {
      const start = new Date(e.start), end = new Date(e.end);
      const hm = (d) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
      const day = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
      const mins = Math.floor((end - start) / 60000);
      return h('li', null, h('span', { text: `${shortDate(day)} ${hm(start)}–${hm(end)}` }),
        h('span', { class: 'd-unit', text: ` · ${minutesText(mins)}` + (e.note ? ` · ${e.note}` : '') }));
    }));
  }
}

/** Seconds of `t`'s finished entries (the running one is counted on the page's clock). */
function closedSeconds(t) {
  let seconds = 0;
  for (const e of t.time_entries || []) {
    if (!e || typeof e !== 'object' || !e.start || !e.end) continue;
    seconds += Math.max(0, (Date.parse(e.end) - Date.parse(e.start)) / 1000);
  }
  return seconds;
}
