// Select mode, shared by the task list and the notes: a "Select" toggle in the header, items picked
// one by one, and a bar of bulk actions at the bottom. Each screen makes one with `selectionMode`
// and draws its own items (picked ones get the class `picked` and `aria-pressed="true"`).
import { h, kids, $, icon } from './util.js';

/**
 * opts:
 *  noun, nouns: 'task', 'tasks' (the labels say "Select tasks", "2 selected")
 *  bar: the bar's id (an element with it is used when there is one, else one is added to #main)
 *  actions: [{label, icon, run(ids), danger}] (the bar's buttons, disabled while nothing is picked)
 *  onToggle(on): select mode went on or off (redraw the items)
 *  onPick(id, picked): one item was picked or unpicked (update it)
 */
export function selectionMode({ noun, nouns, bar: barId, actions, onToggle, onPick }) {
  let on = false;
  const picked = new Set();

  const sel = {
    get active() { return on; },
    get size() { return picked.size; },
    has: (id) => picked.has(id),
    ids: () => [...picked],

    /** Turns select mode on or off (nothing picked either way). */
    set(value) {
      on = value;
      picked.clear();
      onToggle(on);
      sel.renderBar();
    },

    /** Picks or unpicks `id`. */
    toggle(id) {
      if (picked.has(id)) picked.delete(id); else picked.add(id);
      onPick(id, picked.has(id));
      sel.renderBar();
    },

    clear() { picked.clear(); sel.renderBar(); },

    /** Forgets picked items no longer shown (`shown` is a Set of ids). */
    keep(shown) { for (const id of [...picked]) if (!shown.has(id)) picked.delete(id); },

    /** Leaves select mode without redrawing (the screen is going away). */
    reset() { on = false; picked.clear(); sel.renderBar(); },

    /** The header's toggle button. */
    button: () => h('button', { type: 'button', class: 'icon-btn', 'aria-label': `Select ${nouns}`, title: 'Select', 'aria-pressed': String(on), onclick: () => sel.set(!on) }, icon('checks')),

    /** The pick box at the start of an item, in select mode. */
    check: (label, id, attrs = {}) => h('button', { type: 'button', class: 'check pick', 'aria-label': label, 'aria-pressed': String(picked.has(id)), ...attrs }, icon('check')),

    /** Draws (or hides) the bulk bar and marks the app as selecting. */
    renderBar() {
      let bar = document.getElementById(barId);
      $('#app').classList.toggle('selecting', on);
      if (!on) { if (bar) { if (bar.dataset.added) bar.remove(); else { bar.hidden = true; bar.replaceChildren(); } } return; }
      if (!bar) { bar = h('div', { id: barId, class: 'bulk-bar', 'data-added': '1' }); $('#main').append(bar); }
      bar.hidden = false;
      const n = picked.size;
      kids(bar,
        h('span', { class: 'bulk-count', text: n ? `${n} selected` : `Select ${nouns}` }),
        h('div', { class: 'bulk-actions' }, actions.map((a) =>
          h('button', { type: 'button', class: 'bulk-btn' + (a.danger ? ' danger' : ''), disabled: !n, onclick: () => a.run([...picked]) }, icon(a.icon), h('span', { text: a.label })))),
        h('button', { type: 'button', class: 'btn btn-small', text: 'Done', onclick: () => sel.set(false) }));
    },
  };
  return sel;
}
