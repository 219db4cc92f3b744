// Reordering by drag (mouse: press and move; touch: long-press) and swiping (touch), with pointer events.
// The dragged element stays where it is (hidden) while a slot moves through the list and a ghost
// follows the pointer; on release the element takes the slot's place and onDrop is told.

/**
 * container: the list element. opts:
 *  items: selector of draggable children; groups: selector of group headers (optional)
 *  ignore: selector of descendants that never start a drag
 *  enabled(): whether dragging is allowed now
 *  onDrop(el, {before, group, moved, fromGroup})
 *  onNest(el, item)  when released over the middle of another item (optional: nesting, §23)
 *  onSwipe(el, 'right'|'left')  (touch only; optional)
 *  targets: selector of drop targets outside the list (optional; e.g. the planner's region tabs)
 *  onDropTarget(el, target)  when an item is released over one of them
 *  free: the item moves in two dimensions and only onto `targets` (a board's columns): the ghost
 *    follows the pointer both ways, no slot opens in the container, the scroller scrolls sideways
 */
export function sortable(container, opts) {
  const { items, groups, ignore = 'input, select, textarea, label', longPress = 380 } = opts;
  let g = null; // current gesture

  const scroller = () => opts.scroller || container.closest('.scroll') || document.scrollingElement;

  container.addEventListener('pointerdown', (e) => {
    if (g || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const el = e.target.closest(items);
    if (!el || !container.contains(el) || e.target.closest(ignore)) return;
    g = { el, id: e.pointerId, type: e.pointerType, x: e.clientX, y: e.clientY, mode: 'pending', dx: 0 };
    if (e.pointerType !== 'mouse') {
      g.timer = setTimeout(() => { if (g && g.mode === 'pending' && enabled()) start(); }, longPress);
    }
    window.addEventListener('pointermove', move, { passive: false });
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
  });
  // While dragging by touch the page must not scroll.
  container.addEventListener('touchmove', (e) => { if (g && (g.mode === 'drag' || g.mode === 'swipe')) e.preventDefault(); }, { passive: false });
  container.addEventListener('contextmenu', (e) => { if (g && g.type !== 'mouse') e.preventDefault(); });

  const enabled = () => !opts.enabled || opts.enabled();

  function move(e) {
    if (!g || e.pointerId !== g.id) return;
    const dx = e.clientX - g.x, dy = e.clientY - g.y;
    if (g.mode === 'pending') {
      if (g.type === 'mouse') {
        if (Math.hypot(dx, dy) > 6 && enabled()) start(); else return;
      } else {
        if (Math.hypot(dx, dy) < 8) return;
        clearTimeout(g.timer);
        if (opts.onSwipe && Math.abs(dx) > Math.abs(dy) * 1.3 && enabled()) {
          g.mode = 'swipe';
          g.el.classList.add('swiping');
        } else { finish(); return; } // a scroll
      }
    }
    if (g.mode === 'swipe') {
      e.preventDefault();
      g.dx = dx;
      const inner = g.el.firstElementChild;
      inner.style.transform = `translateX(${dx}px)`;
      g.el.dataset.swipe = dx > 0 ? 'right' : 'left';
      g.el.classList.toggle('swipe-armed', Math.abs(dx) > 90);
      return;
    }
    if (g.mode === 'drag') {
      e.preventDefault();
      g.py = e.clientY;
      if (opts.targets) {
        const under = document.elementFromPoint(e.clientX, e.clientY);
        const t = under && under.closest(opts.targets);
        if (t !== g.target) {
          if (g.target) g.target.classList.remove('drop-over');
    if (g.nest) g.nest.classList.remove('nest-over');
          g.target = t || null;
          if (g.target) g.target.classList.add('drop-over');
        }
      }
      g.px = e.clientX;
      if (opts.free) { g.ghost.style.transform = `translate(${dx}px, ${dy}px)`; return; }
      g.ghost.style.transform = `translateY(${e.clientY - g.y}px)`;
      if (opts.onNest && nestTarget(e.clientY)) return;
      place(e.clientY);
    }
  }

  function start() {
    const el = g.el;
    g.mode = 'drag';
    const r = el.getBoundingClientRect();
    g.origNext = el.nextSibling;
    g.fromGroup = groupOf(el);
    const ghost = el.cloneNode(true);
    ghost.removeAttribute('id');
    ghost.setAttribute('aria-hidden', 'true');
    ghost.classList.add('drag-ghost');
    ghost.classList.remove('selected');
    Object.assign(ghost.style, { position: 'fixed', left: r.left + 'px', top: r.top + 'px', width: r.width + 'px', height: r.height + 'px', margin: '0' });
    document.body.append(ghost);
    g.ghost = ghost;
    if (opts.free) {
      el.classList.add('drag-source');
      document.body.classList.add('is-dragging');
      g.auto = requestAnimationFrame(autoScroll);
      window.addEventListener('keydown', escKey, true);
      return;
    }
    const slot = document.createElement(el.tagName);
    slot.className = 'drag-slot';
    slot.setAttribute('aria-hidden', 'true');
    slot.style.height = r.height + 'px';
    el.before(slot);
    g.slot = slot;
    el.classList.add('drag-source');
    document.body.classList.add('is-dragging');
    if (navigator.vibrate && g.type !== 'mouse') navigator.vibrate(10);
    g.auto = requestAnimationFrame(autoScroll);
    window.addEventListener('keydown', escKey, true);
  }

  // The middle of another row (the outer 30 % at each edge still reorders): drop it in there.
  function nestTarget(y) {
    let over = null;
    for (const n of container.children) {
      if (n === g.el || n === g.slot || !n.matches(items)) continue;
      const r = n.getBoundingClientRect();
      if (y > r.top + r.height * 0.3 && y < r.bottom - r.height * 0.3) { over = n; break; }
    }
    if (over !== g.nest) {
      if (g.nest) g.nest.classList.remove('nest-over');
      g.nest = over;
      if (over) over.classList.add('nest-over');
      g.slot.classList.toggle('drag-slot-idle', !!over);
    }
    return over;
  }

  function groupOf(node) {
    if (!groups) return null;
    for (let n = node.previousElementSibling; n; n = n.previousElementSibling) if (n.matches(groups)) return n;
    return null;
  }

  function place(y) {
    const kids = [...container.children].filter((n) => n !== g.el && n !== g.slot && (n.matches(items) || (groups && n.matches(groups))));
    let target = null;
    for (const n of kids) {
      const r = n.getBoundingClientRect();
      if (y < r.top + r.height / 2) { target = n; break; }
    }
    // Never above the first group's header.
    if (target && groups && target.matches(groups) && target === kids[0]) target = kids[1] || null;
    if (target) { if (g.slot.nextSibling !== target) container.insertBefore(g.slot, target); }
    else if (container.lastElementChild !== g.slot) container.append(g.slot);
  }

  function autoScroll() {
    if (!g || g.mode !== 'drag') return;
    const sc = scroller();
    if (opts.free) {
      // Sideways, near the scroller's left or right edge (a board's columns).
      const b = sc.getBoundingClientRect();
      const x = g.px ?? g.x;
      const v = x < b.left + 48 ? -Math.ceil((b.left + 48 - x) / 5) : x > b.right - 48 ? Math.ceil((x - (b.right - 48)) / 5) : 0;
      if (v) sc.scrollLeft += v;
      g.auto = requestAnimationFrame(autoScroll);
      return;
    }
    const r = sc === document.scrollingElement ? { top: 0, bottom: innerHeight } : sc.getBoundingClientRect();
    const y = g.py ?? g.y;
    const edge = 56;
    let v = 0;
    if (y < r.top + edge) v = -Math.ceil((r.top + edge - y) / 6);
    else if (y > r.bottom - edge) v = Math.ceil((y - (r.bottom - edge)) / 6);
    if (v) { sc.scrollTop += v; place(y); }
    g.auto = requestAnimationFrame(autoScroll);
  }

  function escKey(e) { if (e.key === 'Escape' && g && g.mode === 'drag') { e.stopPropagation(); e.preventDefault(); cancel(); } }

  function up(e) {
    if (!g || e.pointerId !== g.id) return;
    if (g.mode === 'drag' && g.nest) {
      const el = g.el, target = g.nest;
      swallowClick();
      finish();
      opts.onNest(el, target);
      return;
    }
    if (g.mode === 'drag' && g.target) {
      const el = g.el, target = g.target;
      swallowClick();
      finish();
      opts.onDropTarget(el, target);
      return;
    }
    if (g.mode === 'drag' && opts.free) { finish(); return; }
    if (g.mode === 'drag') {
      const el = g.el, slot = g.slot;
      slot.replaceWith(el);
      const moved = el.nextSibling !== g.origNext;
      const info = { before: nextItem(el), group: groupOf(el), fromGroup: g.fromGroup, moved };
      swallowClick();
      finish();
      if (moved) opts.onDrop(el, info);
      return;
    }
    if (g.mode === 'swipe') {
      const el = g.el, dx = g.dx;
      swallowClick();
      finish();
      if (Math.abs(dx) > 90) opts.onSwipe(el, dx > 0 ? 'right' : 'left');
      return;
    }
    finish();
  }

  function nextItem(el) {
    for (let n = el.nextElementSibling; n; n = n.nextElementSibling) if (n.matches(items)) return n;
    return null;
  }

  function cancel() {
    if (!g) return;
    if (g.mode === 'drag' && g.slot) g.slot.remove();
    finish();
  }

  function swallowClick() {
    const stop = (ev) => { ev.stopPropagation(); ev.preventDefault(); };
    window.addEventListener('click', stop, { capture: true, once: true });
    setTimeout(() => window.removeEventListener('click', stop, { capture: true }), 50);
  }

  function finish() {
    if (!g) return;
    clearTimeout(g.timer);
    cancelAnimationFrame(g.auto);
    if (g.ghost) g.ghost.remove();
    if (g.target) g.target.classList.remove('drop-over');
    if (g.slot) g.slot.remove();
    g.el.classList.remove('drag-source', 'swiping', 'swipe-armed');
    delete g.el.dataset.swipe;
    const inner = g.el.firstElementChild;
    if (inner) inner.style.transform = '';
    document.body.classList.remove('is-dragging');
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', cancel);
    window.removeEventListener('keydown', escKey, true);
    g = null;
  }

  // busy: a drag or swipe is under way; pressed: a pointer is down on an item (maybe about to drag).
  return { busy: () => !!g && g.mode !== 'pending', pressed: () => !!g };
}
