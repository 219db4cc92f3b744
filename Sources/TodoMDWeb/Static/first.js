// The first screen: the route's first rows (asked for by early.js) drawn before the rest of the
// app has loaded. index.html runs this module on its own (async), and it imports only what draws
// a list's rows (rows.js), its title (title.js) and the theme (theme.js), so they are on screen
// once their answers have come.
// The app (app.js, preloaded by the page meanwhile) is started after that screen has been
// painted; the list (list.js) then draws the same rows again, wired, from the same answer. A
// click on a row before then is kept and given to the list's row once it is drawn (`handOver`).
import { firstAnswer } from './early.js';
import { setRoute, setListing } from './state.js';
import { showApp, shellIcons } from './ui.js';
import { listItems, listClass, drawItem } from './rows.js';
import { renderTitle } from './title.js';
import { loadTheme } from './theme.js';

/** How many rows the first screen draws: as many as the tallest screen shows of the most compact
 *  rows, 40 px (the list draws them all again, and the rest, when the app has loaded). */
const screenRows = () => Math.ceil((screen.availHeight || screen.height || 1000) / 40);

/** Clicks on the first screen's rows before the list was wired: [{id, part}]. */
const held = [];
let handed = false;

/** A click on a row of the first screen, before the app is wired: kept for the list. */
function hold(e) {
  const li = e.target.closest && e.target.closest('#task-list .task');
  if (!li || handed) return;
  e.preventDefault();
  e.stopPropagation();
  const part = ['.timer-btn', '.disclose', '.check'].find((sel) => e.target.closest(sel)) || '.task-title';
  held.push({ id: li.dataset.id, part });
}

/** The list has drawn its rows and is wired: the clicks the first screen kept until then (each
 *  once), which it gives to its rows. */
export function handOver() {
  if (handed) return [];
  handed = true;
  document.removeEventListener('click', hold, true);
  document.getElementById('app').classList.remove('first-screen');
  return held.splice(0);
}

/** Draws route `r`'s first screen from its first rows' answer `L`: its title and the rows a
 *  screen shows, drawn as the list draws them; whether it did. Nothing for a list without rows
 *  (the list says why it is empty), or once the app has started. */
function drawFirstScreen(r, L) {
  const ul = document.getElementById('task-list');
  if (started || !ul || ul.children.length) return false;
  // Drawn with the route and listing in the state, as the list draws them; then the state is
  // left as it was, for the app (its router shows the route as a new one).
  setRoute(r);
  setListing(L);
  try {
    const { items, of } = listItems(L);
    if (!of) return false;
    ul.className = listClass(of);
    ul.replaceChildren(...items.slice(0, screenRows()).map((it, i) => drawItem(it, i)));
    renderTitle();
  } finally {
    setRoute(null);
    setListing(null);
  }
  document.addEventListener('click', hold, true);
  shellIcons();
  // The header's buttons and toolbar come with the app: their room is kept (app.css).
  document.getElementById('app').classList.add('first-screen');
  showApp();
  return true;
}

/** Runs `fn` once the screen has been painted: its first contentful paint, which is this
 *  screen's (the page shows nothing before it), so that the rest of the app is not run while the
 *  browser still draws it (on two cores it would be drawn later). At once on a page not shown. */
function afterPaint(fn) {
  if (document.visibilityState !== 'visible') { fn(); return; }
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      fn();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(fn, 0)); // a browser without paint timing: after its frame
  }
  setTimeout(fn, 250); // a page hidden meanwhile has no frames
}

const domReady = () => (document.readyState === 'loading'
  ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }))
  : Promise.resolve());

/** How long the app waits for the first rows before it starts without this first screen (ms
 *  after this module ran): it then shows itself (ui.js, SHOW_BY) and draws them when they come. */
const WAIT = 150;

let started = false;
/** Starts the app (once). */
function startApp() {
  if (started) return;
  started = true;
  import('./app.js').catch((e) => console.error('todo.md: the app did not load', e));
}

// The theme, asked for right after the rows (a small answer, which comes first), so that the
// first screen is drawn in the user's colours.
const themed = loadTheme();

// The rows drawn when they come (the page parsed and the theme applied by then), then the app once
// they are painted; without rows to draw, the app at once, and when they are slow to come, the
// app after WAIT.
if (firstAnswer.answer) {
  const waiting = setTimeout(startApp, WAIT);
  Promise.all([firstAnswer.answer, domReady(), themed]).then(([L]) => {
    clearTimeout(waiting);
    let drawn = false;
    try {
      drawn = drawFirstScreen(firstAnswer.route, L);
    } finally {
      if (drawn) afterPaint(startApp); else startApp();
    }
  }, startApp);
} else startApp();
