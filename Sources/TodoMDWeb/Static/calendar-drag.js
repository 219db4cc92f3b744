// The calendar's pointer gestures: drag a block to move it (writes `scheduled`), drag its lower edge
// to resize it (writes `estimated_minutes`), drag an all-day chip onto the grid to time-block it or
// into another day's tray. Snaps to 15 minutes (5 with Alt); the page scrolls near its edges.
import { h, $, $$, timeText, minutesText } from './util.js';
import { PX, FIRST, LAST, hhmm, minutesOf, blockTime, length, dayName } from './calendar-time.js';

const snap = (m, stepBy) => Math.round(m / stepBy) * stepBy;

function columnAt(x, y) {
  return $$('.cal-col').find((c) => { const r = c.getBoundingClientRect(); return x >= r.left && x < r.right && y >= r.top - 30 && y < r.bottom + 30; });
}
function trayAt(x, y) {
  return $$('.cal-tray-cell').find((c) => { const r = c.getBoundingClientRect(); return x >= r.left && x < r.right && y >= r.top && y < r.bottom; });
}

/** Starts a gesture on the grid from pointer event `e`. `C` is the calendar's state (its `dragging`
 *  and `justDragged` flags are set here); `ops` its `findTask`, `change`, `flush` and `render`. */
export function pointerDown(e, C, { findTask, change, flush, render }) {
  if (e.button !== 0) return;
  const el = e.target.closest('.cal-task, .cal-chip-task');
  if (!el) return;
  const x = findTask(el.dataset.id);
  if (!x) return;
  const t = x.task;
  const chip = el.classList.contains('cal-chip-task');
  const resize = !chip && !!e.target.closest('.cal-resize');
  const x0 = e.clientX, y0 = e.clientY;
  const r0 = el.getBoundingClientRect();
  const grab = y0 - r0.top;
  let moved = false, ghost = null, preview = null, target = null;
  const scroller = $('#scroll');

  const onMove = (ev) => {
    if (!moved) {
      if (Math.hypot(ev.clientX - x0, ev.clientY - y0) < 5) return;
      moved = true;
      C.dragging = true;
      document.body.classList.add('is-dragging', 'cal-dragging');
      el.classList.add('is-dragged');
      if (chip) {
        ghost = h('div', { class: 'cal-ghost', 'aria-hidden': 'true', text: t.title });
        document.body.append(ghost);
      }
    }
    ev.preventDefault();
    autoScroll(scroller, ev.clientY);
    const stepBy = ev.altKey ? 5 : 15;
    if (resize) {
      // The length grows by what the edge moved (the block's top may scroll meanwhile).
      const m = Math.max(5, snap(length(t) + (ev.clientY - el.getBoundingClientRect().top - grab) / PX, 5));
      el.style.height = m * PX + 'px';
      $('.cal-b-time', el).textContent = `${timeText(hhmm(minutesOf(blockTime(t))))} · ${minutesText(m)}`;
      target = { minutes: m };
      return;
    }
    if (ghost) { ghost.style.left = ev.clientX + 8 + 'px'; ghost.style.top = ev.clientY + 8 + 'px'; }
    const col = columnAt(ev.clientX, ev.clientY);
    if (!col) {
      if (preview) { preview.remove(); preview = null; }
      const cell = chip && trayAt(ev.clientX, ev.clientY);
      target = cell ? { date: cell.dataset.date, start: null } : null;
      return;
    }
    const top = ev.clientY - col.getBoundingClientRect().top - (chip ? 0 : grab);
    const start = Math.min(LAST - 5, Math.max(FIRST, snap(FIRST + top / PX, stepBy)));
    target = { date: col.dataset.date, start };
    const block = chip ? (preview = preview || h('div', { class: 'cal-task is-preview', 'aria-hidden': 'true' }, h('span', { class: 'cal-b-title', text: t.title }), h('span', { class: 'cal-b-time' }))) : el;
    if (block.parentNode !== col) col.append(block);
    block.style.top = (start - FIRST) * PX + 'px';
    if (chip) { block.style.height = length(t) * PX + 'px'; block.style.left = '2px'; block.style.width = 'calc(100% - 4px)'; }
    $('.cal-b-time', block).textContent = `${timeText(hhmm(start))} · ${minutesText(length(t))}`;
  };
  const finish = (ev, cancelled) => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onCancel);
    if (ghost) ghost.remove();
    if (preview) preview.remove();
    document.body.classList.remove('is-dragging', 'cal-dragging');
    el.classList.remove('is-dragged');
    C.dragging = false;
    if (!moved) {
      if (!chip && !cancelled) C.ctx.openEditor(t.id);
      return;
    }
    C.justDragged = true;
    setTimeout(() => { C.justDragged = false; }, 0);
    if (cancelled || !target) { render(); return; }
    if (target.minutes) {
      change(t.id, { minutes: target.minutes }, `“${t.title}” now ${minutesText(target.minutes)}.`);
    } else if (target.start == null) {
      if (target.date === x.day) { render(); return; }
      change(t.id, { date: target.date, start: null }, `“${t.title}” moved to ${dayName(target.date)}, all day.`);
    } else {
      change(t.id, { date: target.date, start: target.start }, `“${t.title}” moved to ${dayName(target.date)}, ${timeText(hhmm(target.start))}.`);
    }
    flush(t.id);
  };
  const onUp = (ev) => finish(ev, false);
  const onCancel = (ev) => finish(ev, true);
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onUp);
  window.addEventListener('pointercancel', onCancel);
}

function autoScroll(scroller, y) {
  if (!scroller) return;
  const r = scroller.getBoundingClientRect();
  if (y > r.bottom - 40) scroller.scrollTop += 12;
  else if (y < r.top + 40) scroller.scrollTop -= 12;
}
