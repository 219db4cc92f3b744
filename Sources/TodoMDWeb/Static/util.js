// DOM, date and storage helpers. Task data is only ever put into the page as text.

const PROPS = new Set(['value', 'checked', 'disabled', 'hidden', 'selected', 'multiple', 'tabIndex', 'draggable', 'open', 'indeterminate']);

/** Creates an element. `text` sets textContent, `on…` adds listeners, children may be strings, nodes, arrays or null. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const k in attrs) {
      const v = attrs[k];
      if (v == null || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'text') el.textContent = v;
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (PROPS.has(k)) el[k] = v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  add(el, children);
  return el;
}

/** Replaces el's children (strings, nodes, arrays; null skipped). */
export function kids(el, ...children) { el.replaceChildren(); add(el, children); return el; }

function add(el, kids) {
  for (const c of kids) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) add(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

export function debounce(fn, ms) {
  let t;
  const d = (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); };
  d.cancel = () => clearTimeout(t);
  return d;
}

// Icons: 24×24 stroke paths, drawn with currentColor.
const P = {
  tray: 'M3 13h5l1.5 3h5L16 13h5M5 5h14l2 8v6H3v-6z',
  star: 'M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.8z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  stack: 'M4 8h16v12H4zM6 5h12M8 2.5h8',
  archive: 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  flag: 'M5 21V4M5 4h11l-2 4 2 4H5',
  book: 'M5 4h11a3 3 0 013 3v13H8a3 3 0 01-3-3zM5 17a3 3 0 013-3h11',
  list: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  briefcase: 'M3 7h18v13H3zM8 7V4h8v3M3 13h18',
  house: 'M3 11l9-7 9 7M5 9.5V20h14V9.5M10 20v-5h4v5',
  cart: 'M3 4h2l2.5 11h11L21 7H6.2M9 20h.01M18 20h.01',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  heart: 'M12 20s-8-4.8-8-10.5A4.5 4.5 0 0112 6.8a4.5 4.5 0 018 2.7C20 15.2 12 20 12 20z',
  person: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c1-4 4.5-6 8-6s7 2 8 6',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  play: 'M8 5.5v13l10.5-6.5z',
  stop: 'M7 7h10v10H7z',
  target: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 16a4 4 0 100-8 4 4 0 000 8zM12 12h.01',
  tag: 'M3 12V3h9l9 9-9 9zM7.5 7.5h.01',
  folder: 'M3 6h6l2 2h10v11H3z',
  area: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5',
  search: 'M10.5 18a7.5 7.5 0 100-15 7.5 7.5 0 000 15zM16 16l5 5',
  plus: 'M12 5v14M5 12h14',
  menu: 'M4 7h16M4 12h16M4 17h16',
  filter: 'M4 5h16l-6 8v6l-4-2v-4z',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  checks: 'M4 5h16v14H4zM8 12l3 3 5-6',
  gear: 'M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z',
  x: 'M6 6l12 12M18 6L6 18',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  repeat: 'M17 2l3 3-3 3M4 11V9a4 4 0 014-4h12M7 22l-3-3 3-3M20 13v2a4 4 0 01-4 4H4',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  sunrise: 'M12 2v4M4.9 7.9l1.4 1.4M19.1 7.9l-1.4 1.4M2 17h2M20 17h2M7 17a5 5 0 0110 0M2 21h20',
  sun: 'M12 17a5 5 0 100-10 5 5 0 000 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z',
  grip: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  keyboard: 'M2 6h20v12H2zM6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10',
  chevron: 'M9 6l6 6-6 6',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  undo: 'M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 010 11H11',
  dots: 'M5 12h.01M12 12h.01M19 12h.01',
  pin: 'M9 3h6l-1 6 4 4H6l4-4zM12 13v8',
  back: 'M15 6l-6 6 6 6',
  chart: 'M3 20h18M6.5 16.5v-5M11.5 16.5V6M16.5 16.5V9',
  columns: 'M4 4h4.5v16H4zM9.75 4h4.5v11h-4.5zM15.5 4H20v14h-4.5z',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v5M12 8h.01',
};

// SF Symbol names (used by perspectives) → icons above.
const ALIAS = {
  'list.bullet': 'list', 'square.stack': 'stack', layers: 'stack', archivebox: 'archive', 'calendar.badge.clock': 'calendar',
  'folder.fill': 'folder', 'house.fill': 'house', 'star.fill': 'star', 'flag.fill': 'flag', 'bolt.fill': 'bolt',
  'heart.fill': 'heart', 'person.fill': 'person', cube: 'area', scope: 'target', 'tag.fill': 'tag',
};
export const ICON_NAMES = ['list.bullet', 'star', 'flag', 'briefcase', 'house', 'cart', 'book', 'bolt', 'heart', 'person', 'clock', 'target', 'calendar', 'tag', 'tray', 'folder'];

/** The SVG namespace, for `document.createElementNS`. */
export const SVG = 'http://www.w3.org/2000/svg';
export function icon(name, cls) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', 'icon' + (cls ? ' ' + cls : ''));
  const p = document.createElementNS(SVG, 'path');
  p.setAttribute('d', P[name] || P[ALIAS[name]] || P.list);
  svg.append(p);
  return svg;
}

// Dates: local calendar dates as "YYYY-MM-DD", computed in UTC so time zones never shift them.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const sheets = new Map(); // style sheet name → the promise of its load
/** Adds the style sheet `name` of this folder (once), resolved when it has loaded or failed. The
 *  URL is beside this module: under the page's versioned path (AppRoutes.file) when it has one. */
export function loadStyle(name) {
  if (!sheets.has(name)) {
    sheets.set(name, new Promise((resolve) => {
      const link = h('link', { rel: 'stylesheet', href: new URL('./' + name, import.meta.url).pathname });
      link.addEventListener('load', resolve);
      link.addEventListener('error', resolve);
      document.head.append(link);
    }));
  }
  return sheets.get(name);
}

export const isoDate = (s) => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s);
const toUTC = (s) => { const [y, m, d] = s.split('-').map(Number); return Date.UTC(y, m - 1, d); };
const fromUTC = (t) => new Date(t).toISOString().slice(0, 10);

let todayISO = fromUTC(Date.UTC(new Date().getFullYear(), new Date().getMonth(), new Date().getDate()));
export const setToday = (d) => { if (isoDate(d)) todayISO = d; };
export const today = () => todayISO;

// Times of day (§24): a date field may be "YYYY-MM-DDTHH:MM" in the vault's time zone. "Now" is
// the server's (its clock may be fixed), moved on by the time spent on this page since.
export const isoDateTime = (s) => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s);
export const datePart = (s) => (typeof s === 'string' ? s.slice(0, 10) : s);
export const timePart = (s) => (isoDateTime(s) ? s.slice(11, 16) : null);
let serverNow = null; // [minutes since 1970 in local wall time, Date.now() when it was told]
const wallMinutes = (s) => toUTC(s.slice(0, 10)) / 6e4 + Number(s.slice(11, 13)) * 60 + Number(s.slice(14, 16));
export const setNow = (s) => { if (isoDateTime(s)) serverNow = [wallMinutes(s), Date.now()]; };
// The vault's now, as the server wrote it into the page (its clock and time zone decide, not the
// browser's): the first list is drawn with its today and its passed times; the sidebar's answer
// keeps both current.
{
  const told = document.querySelector('meta[name="todomd-now"]');
  if (told && isoDateTime(told.content)) { setNow(told.content); setToday(told.content.slice(0, 10)); }
}
/** Whether a deadline has passed: a date once its day is over, a date and time once that minute has. */
export function hasPassed(s) {
  if (!s) return false;
  const day = datePart(s);
  if (day !== todayISO) return day < todayISO;
  if (!isoDateTime(s) || !serverNow) return false;
  return wallMinutes(s) <= serverNow[0] + Math.floor((Date.now() - serverNow[1]) / 6e4);
}
/** "3 PM", "3:30 PM", "12 AM": a time of day as rows show it. */
export function timeText(hhmm) {
  if (!hhmm) return '';
  const [h, m] = hhmm.split(':').map(Number);
  const hour = h % 12 || 12;
  return `${hour}${m ? ':' + String(m).padStart(2, '0') : ''} ${h < 12 ? 'AM' : 'PM'}`;
}
export const addDays = (s, n) => fromUTC(toUTC(s) + n * 864e5);
export const daysBetween = (a, b) => Math.round((toUTC(b) - toUTC(a)) / 864e5);
export function addMonths(s, n) {
  const [y, m, d] = s.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return fromUTC(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

/** "Fri 27 Nov" (with the year when it is not this year), then the time when there is one. */
export function shortDate(s) {
  if (isoDateTime(s)) return `${shortDate(datePart(s))}, ${timeText(timePart(s))}`;
  if (!isoDate(s)) return s || '';
  const dt = new Date(toUTC(s));
  const t = `${WEEKDAYS[dt.getUTCDay()]} ${dt.getUTCDate()} ${MONTHS[dt.getUTCMonth()]}`;
  return s.slice(0, 4) === todayISO.slice(0, 4) ? t : `${t} ${s.slice(0, 4)}`;
}

/** "Today", "Tomorrow", "Yesterday", "3 days ago", else "Fri 27 Nov"; then ", 3 PM" for a time. */
export function relDate(s) {
  if (isoDateTime(s)) return `${relDate(datePart(s))}, ${timeText(timePart(s))}`;
  if (!isoDate(s)) return s || '';
  const n = daysBetween(todayISO, s);
  if (n === 0) return 'Today';
  if (n === 1) return 'Tomorrow';
  if (n === -1) return 'Yesterday';
  if (n < -1 && n > -7) return `${-n} days ago`;
  return shortDate(s);
}

/** A local date-time's calendar date, from an ISO instant. */
export const instantDate = (iso) => {
  if (!iso) return null;
  const d = new Date(iso);
  if (isNaN(d)) return null;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
export function instantText(iso) {
  if (!iso) return '—';
  const d = new Date(iso);
  if (isNaN(d)) return iso;
  return `${relDate(instantDate(iso))}, ${d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

export function minutesText(m) {
  if (m == null) return '';
  const hh = Math.floor(m / 60), mm = m % 60;
  return hh ? (mm ? `${hh}h ${mm}m` : `${hh}h`) : `${mm}m`;
}

export const store = {
  get(k, d) { try { const v = localStorage.getItem('todomd.' + k); return v == null ? d : JSON.parse(v); } catch { return d; } },
  set(k, v) { try { localStorage.setItem('todomd.' + k, JSON.stringify(v)); } catch { /* private mode */ } },
};

export const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : s;
export const PRIORITY_LABEL = { high: 'High', medium: 'Medium', low: 'Low', none: 'None' };
export const STATUS_LABEL = { todo: 'To do', 'in-progress': 'In progress', someday: 'Someday', done: 'Done', cancelled: 'Cancelled' };
