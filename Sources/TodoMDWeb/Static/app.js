// todo.md web app, the entry point: which screen each route shows, and the wiring.
//   state.js     the shared state (route, sidebar, listing, cursor) and its setters
//   early.js     the listing request of a route, and the page's first, sent before the rest loads
//   first.js     the first screen: the page's first rows, drawn before it starts this module
//   rows.js      a listing's items and rows      title.js    the route's title
//   router.js    URL hashes ⇄ routes            sidebar.js  views, areas, tags, perspectives; the drawer
//   header.js    title, toolbar, filters        list.js     the task list, cursor, drag and drop
//   selection.js select mode (tasks and notes)  actions.js  complete, defer, bulk actions
//   quick.js     quick entry                    keys.js     keyboard shortcuts
//   live.js      live updates (events)          lazy.js     editor, perspective editor, planner, board, insights, trash on first use
//   theme.js     the theme, asked for with the first rows
//   notes.js, categories.js, settings.js, planner.js, board.js, insights.js, trash.js, editor.js, perspective.js: their own screens and sheets.
import { $, debounce } from './util.js';
import { showApp, shellIcons, SHOW_BY } from './ui.js';
import { firstRows } from './early.js';
import { handOver } from './first.js';
import { openSettings } from './settings.js';
import { initCategories, onCategories } from './categories.js';
import { route, subscribe, setListing, isDoneRoute, setLastActive } from './state.js';
import { startRouter, follow, go, screenHash } from './router.js';
import { loadSidebar, renderSidebar, renderSidebarActive, setNav, narrow, wireSidebar } from './sidebar.js';
import { renderHeader } from './header.js';
import { loadList, resetList, redrawIfChanged, wireList } from './list.js';
import { wireQuick } from './quick.js';
import { onKey, showShortcuts } from './keys.js';
import { showCalendar, hideCalendar } from './lazy.js';
import { connectEvents } from './live.js';
import { editorId, closeEditor, showTask, showPlan, hidePlan, showBoard, hideBoard, showInsights, hideInsights, showTrash, hideTrash, appCtx } from './lazy.js';
import { showNotes, hideNotes } from './lazy.js';

/** Shows route `r` (a new one): the notes, the planner, a board, the insights, the trash, or a task list. */
function show(r) {
  // The calendar (calendar.js) takes the list's place too.
  if (r.kind !== 'calendar') hideCalendar();
  if (r.kind !== 'plan') hidePlan();
  if (r.kind !== 'board') hideBoard();
  if (r.kind !== 'insights') hideInsights();
  if (r.kind !== 'trash') hideTrash();
  // Notes (notes.js) take the list's place; leaving them gives it back.
  if (r.kind === 'notes') { leaveList(); showNotes(r, appCtx); return; }
  hideNotes();
  if (r.kind === 'calendar') { leaveList(); showCalendar(r); return; }
  // So does the planner.
  if (r.kind === 'plan') { leaveList(); showPlan(r); return; }
  // And a board (§25), of the list it was switched from.
  if (r.kind === 'board') { leaveList(); showBoard(r); return; }
  // And the insights (§27).
  if (r.kind === 'insights') { leaveList(); showInsights(r); return; }
  // And the trash (§5).
  if (r.kind === 'trash') { leaveList(); showTrash(r); return; }
  if (!isDoneRoute(r) && r.kind !== 'search') setLastActive(screenHash());
  resetList();
  if (editorId()) closeEditor(false);
  // Typing in the search field (in the drawer, on a phone) leads here at every pause: the drawer
  // stays open and the field keeps its focus and text until the search is sent.
  const typing = document.activeElement === $('#search');
  if (!(typing && r.kind === 'search')) setNav(false);
  if (!typing) $('#search').value = r.kind === 'search' ? r.q : '';
  renderHeader();
  renderSidebarActive();
  loadList();
}

/** Another screen takes the list's place (it draws itself, showing the app if still hidden). */
function leaveList() {
  handOver(); // a first screen's list (first.js) is left, with what was clicked on it
  showApp();
  if (editorId()) closeEditor(false);
  setNav(false);
  setListing(null);
  renderSidebarActive();
}

function wireSearch() {
  const searchGo = debounce((q) => {
    const hash = '#/search?q=' + encodeURIComponent(q);
    if (route() && route().kind === 'search') { history.replaceState(null, '', hash); follow(); } else go(hash);
  }, 200);
  $('#search').addEventListener('input', (e) => { if (e.target.value.trim()) searchGo(e.target.value.trim()); });
  $('#search-form').addEventListener('submit', (e) => {
    e.preventDefault();
    searchGo.cancel();
    go('#/search?q=' + encodeURIComponent($('#search').value.trim()));
    if (narrow()) { setNav(false); $('#view-title').focus(); }
  });
}

function wire() {
  wireList();
  wireQuick();
  wireSearch();
  wireSidebar({ onScrim: () => { if (editorId() && $('#app').classList.contains('detail-overlay')) closeEditor(); else setNav(false); } });
  shellIcons();
  $('#btn-settings').addEventListener('click', () => openSettings());
  $('#btn-keys').addEventListener('click', showShortcuts);
  document.addEventListener('keydown', onKey);
  // The sidebar's answer carries the views' names and the server's today.
  subscribe('sidebar', () => { renderSidebar(); renderHeader(); redrawIfChanged(); });
  onCategories(() => redrawIfChanged(true));
}

async function boot() {
  setTimeout(showApp, SHOW_BY); // whatever the first screen waits for
  wire(); // the theme is first.js's, applied with the first screen
  // The first rows' answer first (first.js asked for it), then the rest of the first screen.
  initCategories(firstRows);
  startRouter(show, showTask);
  await firstRows;
  await loadSidebar();
  connectEvents();
}

boot();
