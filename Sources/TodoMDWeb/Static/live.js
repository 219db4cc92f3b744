// Live updates: the server's events (/api/v1/events, Server-Sent Events) refresh what is shown.
import { toast } from './ui.js';
import { loadTheme } from './theme.js';
import { categoriesChanged } from './categories.js';
import { go } from './router.js';
import { refresh } from './list.js';
import { timerChanged } from './timer.js';
import { editorId, editorExternalChange, notesChanged } from './lazy.js';

const data = (ev) => { try { return JSON.parse(ev.data); } catch { return {}; } };

export function connectEvents() {
  if (!window.EventSource) return;
  let es = null;
  const open = () => { es = listen(new EventSource('/api/v1/events')); };
  open();
  // A page the browser keeps in its back/forward cache would keep its stream open, and a browser
  // opens at most six connections to one server over HTTP/1.1: a few such pages hold them all,
  // and the next load of the app waits for one (a minute, in Chromium). So the stream is closed
  // when the page is put away and opened again when it comes back, with what changed meanwhile.
  window.addEventListener('pagehide', () => { if (es) { es.close(); es = null; } });
  window.addEventListener('pageshow', (ev) => {
    if (!ev.persisted || es) return;
    open();
    timerChanged();
    refresh();
  });
}

/** Listens to the server's events on `es`, and answers `es`. */
function listen(es) {
  let broken = false;
  es.addEventListener('change', (ev) => {
    const d = data(ev);
    if (d.id && d.id === editorId()) editorExternalChange(d.id, d.kind);
    timerChanged();
    refresh();
  });
  es.addEventListener('vault', (ev) => {
    const d = data(ev);
    if (d.file === '.theme.json') loadTheme();
    if (d.file === '.tags.json') categoriesChanged();
    if (d.file && d.file.startsWith('Notes/')) { notesChanged(d.file); return; }
    refresh();
  });
  // Many tasks arrived at once (an agent or an import): say so, calmly, and offer the Inbox.
  es.addEventListener('alert', (ev) => {
    const d = data(ev);
    if (d.message) toast(d.message, { action: 'Review', onAction: () => go('#/view/inbox'), timeout: 15000 });
    refresh();
  });
  es.addEventListener('reminder', (ev) => showReminder(data(ev)));
  es.addEventListener('error', () => { broken = true; });
  es.addEventListener('open', () => { if (broken) { broken = false; refresh(); } });
  return es;
}

/** Shows reminder event `d` ({id, message, actions}). The planner's end-of-day review offers the
 *  board; a task's reminder offers its answers (§24): Done, Snooze 1 hr, Snooze until tomorrow,
 *  Stop nagging — their code (editor-reminders.js) loads with the first such reminder. */
export function showReminder(d) {
  if (!d.message) return;
  if (d.id === 'plan:review') { toast(d.message, { action: 'Review', onAction: () => go('#/plan'), timeout: 15000 }); return; }
  const timeout = d.actions && d.actions.length ? 60000 : 10000;
  import('./editor-reminders.js')
    .then((m) => toast(d.message, { actions: m.reminderActions(d), timeout }))
    .catch(() => toast(d.message, { timeout }));
}
