// Keyboard shortcuts of the list (the notes and the planner take theirs first on their screens).
import { h, $ } from './util.js';
import { sheet } from './ui.js';
import { route, cursor } from './state.js';
import { viewHref, go } from './router.js';
import { setNav, navOpen, narrow } from './sidebar.js';
import { select, moveSelection, taskSelection } from './list.js';
import { complete, deferTasks, duplicate, toggleFlag, bulk } from './actions.js';
import { previewParse, focusQuick, openBrainDump } from './quick.js';
import { openEditor, editorId, closeEditor, planKey, boardKey, insightsKey, trashKey } from './lazy.js';
import { indent, outdent, indentTarget, canOutdent } from './nesting.js';
import { calendarKey, notesKey } from './lazy.js';
import { refresh } from './list.js';

const SHORTCUTS = [['n', 'New task'], ['b', 'Brain dump'], ['/', 'Search'], ['j / ↓', 'Next task'], ['k / ↑', 'Previous task'], ['x', 'Complete selected task'],
  ['e / Enter', 'Open selected task'], ['d', 'Defer selected task'], ['Shift D', 'Duplicate selected task'], ['f', 'Flag or unflag selected task'],
  ['p', 'Set the priority of selected task'], ['m', 'Move selected task to an area or project'], ['Delete', 'Delete selected task'],
  ['d / Shift D / p / m / Delete', 'In select mode: the same for every picked task'], ['Tab', 'Make a subtask of the task above'], ['Shift Tab', 'Make it a task of its own again'], ['Esc', 'Close, or clear selection'], ['g t', 'Go to Today'], ['g i', 'Go to Inbox'],
  ['g u', 'Go to Upcoming'], ['g a', 'Go to Anytime'], ['g s', 'Go to Someday'], ['g f', 'Go to Flagged'], ['g l', 'Go to Logbook'], ['g c', 'Go to Calendar'],
  ['d / w / m', 'In the calendar: Day, Week, Month'], ['t', 'In the calendar: today'], ['[ / ]', 'In the calendar: previous, next'],
  ['← ↑ → ↓', 'In the calendar: move the focused block 15 minutes or a day'], ['Shift ↑ / Shift ↓', 'In the calendar: the block 15 minutes shorter, longer'],
  ['← ↑ → ↓', 'On a board: the card beside'], ['Shift ←', 'On a board: move the card a column left'], ['Shift →', 'On a board: move the card a column right'],
  ['m', 'On a board: move the card to…'], ['?', 'Show this list']];

export function showShortcuts() {
  if ($('dialog.keys-sheet')) return;
  sheet('Keyboard shortcuts', h('dl', { class: 'keys' }, SHORTCUTS.map(([k, d]) => [h('dt', null, k.split(' ').map((x) => x === '/' && k !== '/' ? ' / ' : h('kbd', { text: x }))), h('dd', { text: d })])), [], { cls: 'keys-sheet' });
}

const GO = { t: 'today', i: 'inbox', u: 'upcoming', a: 'anytime', s: 'someday', f: 'flagged', l: 'logbook' };
let gPending = 0;

export function onKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  const tgt = e.target;
  const typing = tgt.closest && tgt.closest('input, textarea, select, [contenteditable="true"]');
  if (document.querySelector('dialog[open]')) return; // sheets handle their own keys
  const r = route();
  if (e.key === 'Escape') {
    if (typing && tgt.id === 'quick-input') { tgt.value = ''; previewParse(''); tgt.blur(); return; }
    if (typing && tgt.id === 'search') { tgt.blur(); return; }
    if (editorId()) { closeEditor(); return; }
    if (navOpen()) { setNav(false); $('#menu-btn').focus(); return; }
    if (taskSelection.active) { taskSelection.set(false); return; }
    if (cursor()) { select(null, false); document.activeElement.blur(); }
    return;
  }
  if (typing) return;
  if (r && r.kind === 'calendar' && !gPending && calendarKey(e)) return;
  if (r && r.kind === 'notes' && !gPending && notesKey(e)) return;
  if (r && r.kind === 'plan' && !gPending && planKey(e)) return;
  if (r && r.kind === 'board' && !gPending && boardKey(e)) return;
  if (r && r.kind === 'insights' && !gPending && insightsKey(e)) return;
  if (r && r.kind === 'trash' && !gPending && trashKey(e)) return;
  if (gPending && Date.now() - gPending < 1500) {
    gPending = 0;
    if (e.key === 'c') { e.preventDefault(); go('#/calendar'); } else if (GO[e.key]) { e.preventDefault(); go(viewHref(GO[e.key])); }
    return;
  }
  const sel = cursor();
  // In select mode the keys act on every picked task, as the bar's buttons do (Things does the same).
  const picked = taskSelection.active ? taskSelection.ids() : [];
  switch (e.key) {
    case 'g': gPending = Date.now(); break;
    case 'n': e.preventDefault(); focusQuick(); break;
    case 'b': e.preventDefault(); openBrainDump(); break;
    case '/': e.preventDefault(); if (narrow()) setNav(true); $('#search').focus(); $('#search').select(); break;
    case '?': e.preventDefault(); showShortcuts(); break;
    case 'j': case 'ArrowDown': e.preventDefault(); moveSelection(1); break;
    case 'k': case 'ArrowUp': e.preventDefault(); moveSelection(-1); break;
    case 'x': if (sel) { e.preventDefault(); if (taskSelection.active) taskSelection.toggle(sel); else complete(sel); } break;
    case 'd': if (picked.length) { e.preventDefault(); bulk('defer', picked); } else if (sel) { e.preventDefault(); deferTasks([sel]); } break;
    case 'D': if (picked.length) { e.preventDefault(); bulk('duplicate', picked); } else if (sel) { e.preventDefault(); duplicate([sel]); } break;
    case 'f': if (sel && !picked.length) { e.preventDefault(); toggleFlag(sel); } break;
    case 'p': if (picked.length || sel) { e.preventDefault(); bulk('priority', picked.length ? picked : [sel]); } break;
    case 'm': if (picked.length || sel) { e.preventDefault(); bulk('move', picked.length ? picked : [sel]); } break;
    case 'Delete': case 'Backspace': if (picked.length || sel) { e.preventDefault(); bulk('delete', picked.length ? picked : [sel]); } break;
    case 'Tab':
      // On a task row: indent under the row above, or out again (§23); elsewhere Tab moves focus.
      // Where nothing can change, Tab moves the focus on as usual.
      if (sel && tgt.closest && tgt.closest('#task-list .task') && !taskSelection.active
        && (e.shiftKey ? canOutdent(sel) : indentTarget(sel))) {
        e.preventDefault();
        (e.shiftKey ? outdent(sel) : indent(sel)).then((changed) => { if (changed) refresh(0); });
      }
      break;
    case 'e': if (sel) { e.preventDefault(); openEditor(sel); } break;
    case 'Enter':
      if (sel && tgt.closest && !tgt.closest('button, a')) { e.preventDefault(); openEditor(sel); }
      break;
    default:
  }
}
