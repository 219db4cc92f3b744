// Virtual rows for long lists: only the rows near the scroller's viewport are in the DOM, between
// two spacers that stand for the rows above and below. A row's height is measured when it is drawn
// and kept (by its key) across redraws; a row never drawn counts as the average of its kind.
// Rows drawn stay put while the window moves (a focused row keeps its focus); a row that leaves
// the window is removed, so find-in-page sees only the rows near the screen.

const OVERSCAN = 700; // pixels drawn beyond each edge of the viewport
const SLACK = 16; // rows drawn past what is needed, so a small scroll draws nothing
const GUESS = { task: 58, group: 52, empty: 50 }; // before anything of a kind was measured

/**
 * Windowed drawing of `ul`'s items inside `scroller`.
 *  make(item, index): the element of one item (an `li`); it gets `data-index`.
 *  busy(): while true (a drag under way) the window stays as it is.
 * Returns { draw(items, more), off(), reveal(index), drawnRange() }; `items` are `{ key, kind }`
 * objects (`key` unique and stable across redraws, `kind` 'task', 'group' or 'empty'); `more`
 * task rows are still to come after them (the list is as tall as if they were there).
 */
export function virtualRows(ul, scroller, { make, busy }) {
  let items = [];
  let more = 0; // rows still to come after the items: the list's height counts them
  let offs = new Float64Array(1); // offs[i]: the top of item i in the list; offs[n]: the list's height
  let on = false;
  let start = 0, end = 0; // the items drawn: [start, end)
  const measured = new Map(); // key → height in pixels
  const sums = {}; // kind → [total height, rows measured], for the estimate
  const top = spacer(), bottom = spacer();
  let frame = 0;
  // A new list (the first, and each after reset()) starts at the scroller's top, so its first
  // window needs no layout to be placed (reading where the list is would lay out the whole page
  // once more before its first frame). That window is only what a screen can show; the rows
  // beyond it are drawn after the first frame (widen()): the first layout places a quarter of
  // the rows it did.
  let fresh = true;
  let widening = 0;

  function spacer() {
    const li = document.createElement('li');
    li.className = 'row-spacer';
    li.setAttribute('aria-hidden', 'true');
    li.setAttribute('role', 'presentation');
    return li;
  }

  /** The height of a row of `kind` not measured yet: the average of those measured. */
  const average = (kind) => {
    const s = sums[kind];
    return s && s[1] ? s[0] / s[1] : GUESS[kind] || GUESS.task;
  };
  const estimate = (it) => {
    const m = measured.get(it.key);
    return m !== undefined ? m : average(it.kind);
  };

  function layout() {
    offs = new Float64Array(items.length + 1);
    for (let i = 0; i < items.length; i++) offs[i + 1] = offs[i] + estimate(items[i]);
  }

  /** The height below item `e`: the items not drawn and the rows still to come. */
  const below = (e) => offs[items.length] - offs[e] + more * average('task');

  /** The first item whose bottom is below `y` (pixels from the list's top). */
  function find(y) {
    let lo = 0, hi = items.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (offs[m + 1] <= y) lo = m + 1; else hi = m;
    }
    return lo;
  }

  /** The list's pixels the viewport shows, widened by the overscan. A fresh list's first window
   *  is the screen's height from its top: `screen` is known without a layout (`innerHeight` or
   *  the scroller's height would lay out the page first), and no window is taller. */
  function viewport() {
    if (fresh) return [0, screen.availHeight || screen.height || 1000];
    const y = scroller.getBoundingClientRect().top - top.getBoundingClientRect().top;
    return [y - OVERSCAN, y + scroller.clientHeight + OVERSCAN];
  }

  function update(force) {
    if (!on || (!force && busy())) return;
    const [a, b] = viewport();
    const s = find(Math.max(0, a)), e = Math.min(items.length, find(b) + 1);
    if (!force && s >= start && e <= end) return;
    if (fresh) render(s, e);
    else render(Math.max(0, s - SLACK), Math.min(items.length, e + SLACK));
  }

  /** After the first frame of a fresh list: the rows of the overscan and the slack. */
  function widen() {
    cancelAnimationFrame(widening);
    widening = requestAnimationFrame(() => setTimeout(() => { widening = 0; update(false); }, 0));
  }

  function render(s, e) {
    const kept = new Map();
    for (const el of [...ul.children]) {
      if (el === top || el === bottom) continue;
      const i = el.dataset.index === undefined ? -1 : Number(el.dataset.index);
      if (i >= s && i < e && !kept.has(i)) kept.set(i, el); else el.remove();
    }
    if (top.parentNode !== ul) ul.prepend(top);
    if (bottom.parentNode !== ul) ul.append(bottom);
    let prev = top;
    const drawn = [];
    for (let i = s; i < e; i++) {
      let el = kept.get(i);
      if (!el) {
        el = make(items[i], i);
        el.dataset.index = String(i);
        prev.after(el);
      }
      drawn.push(el);
      prev = el;
    }
    start = s;
    end = e;
    top.style.height = offs[s] + 'px';
    bottom.style.height = below(e) + 'px';
    measure(drawn);
  }

  /** Heights of the drawn rows (from one layout: the distance to the next row's top). */
  function measure(drawn) {
    let changed = false;
    for (let k = 0; k < drawn.length; k++) {
      const el = drawn[k];
      const next = k + 1 < drawn.length ? drawn[k + 1] : bottom;
      const hgt = next.offsetTop - el.offsetTop;
      const it = items[start + k];
      if (!(hgt > 0)) continue; // a row being removed (collapsing), or hidden
      const old = measured.get(it.key);
      if (old === hgt) continue;
      const s = sums[it.kind] || (sums[it.kind] = [0, 0]);
      if (old === undefined) { s[0] += hgt; s[1]++; } else s[0] += hgt - old;
      measured.set(it.key, hgt);
      changed = true;
    }
    if (!changed) return;
    layout();
    top.style.height = offs[start] + 'px';
    bottom.style.height = below(end) + 'px';
  }

  scroller.addEventListener('scroll', () => {
    if (!on || frame) return;
    frame = requestAnimationFrame(() => { frame = 0; update(false); });
  }, { passive: true });
  window.addEventListener('resize', () => update(true));

  return {
    /** Draws `items` windowed, keeping the scroll position (a redraw of the same list). */
    draw(next, rest = 0) {
      items = next;
      more = rest;
      on = true;
      layout();
      start = end = 0;
      // The list keeps its height while it is drawn again, so the scroll position stays.
      top.style.height = offs[items.length] + below(items.length) + 'px';
      bottom.style.height = '0px';
      ul.replaceChildren(top, bottom);
      const first = fresh;
      update(true);
      fresh = false;
      if (first) widen();
    },
    /** Leaves windowing (the list is drawn whole); remembered heights stay. */
    off() { on = false; items = []; more = 0; start = end = 0; fresh = false; },
    /** Leaves windowing for a new list, which will start at the scroller's top. */
    reset() { this.off(); fresh = true; },
    /** Scrolls item `index` into view (nearest edge) and draws the window around it. */
    reveal(index) {
      if (!on || index < 0 || index >= items.length) return;
      fresh = false;
      const listTop = top.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
      const y0 = listTop + offs[index], y1 = listTop + offs[index + 1];
      if (y0 < scroller.scrollTop) scroller.scrollTop = y0;
      else if (y1 > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = y1 - scroller.clientHeight;
      update(true);
    },
    /** The items drawn, [start, end) (everything when not windowed). */
    drawnRange: () => (on ? [start, end] : null),
    active: () => on,
  };
}
