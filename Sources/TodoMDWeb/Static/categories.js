// Categories (§15): tags with a name, an emoji and a colour from .tags.json. Shows them wherever a
// tag appears (task rows, the detail editor's chips, the sidebar) and manages them in a sheet:
// add, edit name/icon/colour, drag (or Alt+↑/↓) to reorder, remove.
import { h, kids, $, $$, icon } from './util.js';
import { get, post, patch, del, ref } from './api.js';
import { sheet, toast, showError, confirmSheet } from './ui.js';
import { sortable } from './drag.js';

const C = { byTag: new Map(), order: [], tags: [], warning: null, loaded: false, version: 0, list: null };

/** Starts showing the categories everywhere tags appear, and loads them once `after` settles. */
export function initCategories(after = Promise.resolve()) {
  // New rows, chips and sidebar entries are decorated once per frame, before it is painted.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; decorateAll(); });
  }).observe(document.body, { childList: true, subtree: true });
  return after.then(loadCategories);
}

/** `.tags.json` changed (here or elsewhere): reload and redraw. */
export async function categoriesChanged() {
  await loadCategories();
  if (C.list) renderManager();
}

/** The category of `tag` ({tag, name, icon, color}) or undefined. */
export const categoryOf = (tag) => C.byTag.get(tag);

/** The categories' tags, in the user's order. */
export const categoryOrder = () => C.order;

const watchers = [];
/** Calls `fn()` each time the categories have been (re)loaded. */
export const onCategories = (fn) => { watchers.push(fn); };

async function loadCategories() {
  try {
    const data = await get('/categories');
    C.byTag = new Map((data.categories || []).map((c) => [c.tag, c]));
    C.order = (data.categories || []).map((c) => c.tag);
    C.tags = data.tags || [];
    C.warning = data.warning || null;
    C.loaded = true;
    C.version += 1;
    decorateAll();
    for (const fn of watchers) fn();
  } catch (e) { showError(e); }
}

// ---------- Showing categories on tags ----------
function paint(el, cat) {
  if (cat && cat.color) el.style.setProperty('--cat', cat.color); else el.style.removeProperty('--cat');
  el.classList.toggle('has-cat', !!cat);
  el.classList.toggle('has-cat-color', !!(cat && cat.color));
}

const emoji = (cat) => h('span', { class: 'cat-emoji', 'aria-hidden': 'true', text: cat.icon || '' });

/** Decorates every tag on the page not yet drawn with the current categories. */
function decorateAll() {
  if (!C.loaded) return;
  const v = String(C.version);
  // Task rows: <span class="chip tag"><span>#house</span></span>.
  for (const chip of $$('.chip.tag')) {
    if (chip.dataset.cat === v) continue;
    const tag = chip.dataset.tag || (chip.textContent || '').replace(/^#/, '');
    chip.dataset.tag = tag;
    chip.dataset.cat = v;
    const cat = categoryOf(tag);
    paint(chip, cat);
    kids(chip, cat && cat.icon ? emoji(cat) : null, h('span', { text: cat ? cat.name : '#' + tag }));
    chip.title = cat ? `#${tag}` : '';
  }
  // The detail editor: <li class="tag-chip"><span>#house</span><button data-tag="house">.
  for (const li of $$('.tag-chip')) {
    if (li.dataset.cat === v) continue;
    const b = $('button[data-tag]', li);
    if (!b) continue;
    const tag = b.dataset.tag;
    li.dataset.cat = v;
    const cat = categoryOf(tag);
    paint(li, cat);
    const label = li.querySelector('span:not(.cat-emoji)');
    const old = $('.cat-emoji', li);
    if (old) old.remove();
    if (cat && cat.icon) li.prepend(emoji(cat));
    if (label) label.textContent = cat ? cat.name : '#' + tag;
  }
  // The sidebar's tag list: icon and name, in the categories' order.
  const links = $$('.nav-item[data-key^="tag:"]');
  for (const a of links) {
    if (a.dataset.cat === v) continue;
    const tag = a.dataset.key.slice(4);
    a.dataset.cat = v;
    const cat = categoryOf(tag);
    paint(a, cat);
    const first = a.firstElementChild;
    if (cat && cat.icon) {
      const e = h('span', { class: 'cat-emoji nav-emoji', 'aria-hidden': 'true', text: cat.icon });
      if (first && (first.matches('svg') || first.classList.contains('cat-emoji'))) first.replaceWith(e); else a.prepend(e);
    }
    const name = $('.nav-name', a);
    if (name) name.textContent = cat ? cat.name : tag;
  }
  const ul = links.length ? links[0].closest('ul') : null;
  if (ul && ul.dataset.cat !== v) {
    ul.dataset.cat = v;
    const rank = (li) => {
      const a = $('.nav-item', li);
      const i = a ? C.order.indexOf(a.dataset.key.slice(4)) : -1;
      return i < 0 ? C.order.length : i;
    };
    const items = [...ul.children];
    const sorted = [...items].sort((x, y) => rank(x) - rank(y));
    if (sorted.some((li, i) => li !== items[i])) ul.append(...sorted);
  }
}

// ---------- The category manager ----------
/** Opens the sheet that adds, edits, reorders and removes categories. */
export async function openCategoryManager() {
  await loadCategories();
  C.list = h('ul', { class: 'cat-list', 'aria-label': 'Categories' });
  const tagIn = h('input', { class: 'input', id: 'cat-new-tag', placeholder: 'garden', autocomplete: 'off', 'aria-describedby': 'cat-new-help' });
  const nameIn = h('input', { class: 'input', id: 'cat-new-name', placeholder: 'Garden', autocomplete: 'off' });
  const iconIn = h('input', { class: 'input cat-icon-in', id: 'cat-new-icon', placeholder: '🌱', maxlength: '8', autocomplete: 'off' });
  const colorIn = h('input', { class: 'cat-color', id: 'cat-new-color', type: 'color', value: '#4361ee' });
  const form = h('form', { class: 'cat-add', 'aria-label': 'New category' },
    h('h3', { class: 'cat-add-head', text: 'New category' }),
    h('div', { class: 'cat-add-row' },
      h('label', { class: 'cat-field' }, h('span', { class: 'field-label', text: 'Tag' }), tagIn),
      h('label', { class: 'cat-field' }, h('span', { class: 'field-label', text: 'Name' }), nameIn),
      h('label', { class: 'cat-field cat-field-small' }, h('span', { class: 'field-label', text: 'Icon' }), iconIn),
      h('label', { class: 'cat-field cat-field-small' }, h('span', { class: 'field-label', text: 'Colour' }), colorIn),
      h('button', { type: 'submit', class: 'btn btn-primary', text: 'Add' })),
    h('p', { class: 'cat-help', id: 'cat-new-help', text: 'Tasks carry the tag (e.g. #garden); the category gives it a name, an icon and a colour.' }));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const tag = tagIn.value.trim().replace(/^#/, '');
    if (!tag) { tagIn.focus(); return; }
    try {
      await post('/categories', { tag, name: nameIn.value.trim() || undefined, icon: iconIn.value.trim(), color: colorIn.value });
      tagIn.value = nameIn.value = iconIn.value = '';
      await categoriesChanged();
      tagIn.focus();
    } catch (err) { showError(err); }
  });
  const body = h('div', { class: 'cat-manager' }, h('div', { id: 'cat-warning' }), C.list, h('div', { id: 'cat-others' }), form);
  drawnManager = '';
  sheet('Categories', body, [], { cls: 'sheet-wide cat-sheet', onClose: () => { C.list = null; } });
  renderManager();
  sortable(C.list, {
    items: 'li.cat-row', ignore: 'input, button:not(.cat-grip)', scroller: C.list.closest('.sheet-body'),
    onDrop: async (el, { before }) => move(el.dataset.tag, before ? before.dataset.tag : null),
  });
}

async function move(tag, before) {
  try { await post(`/categories/${ref(tag)}/move`, { before }); } catch (e) { showError(e); }
  await categoriesChanged();
  const row = C.list && $(`li[data-tag="${CSS.escape(tag)}"] .cat-grip`, C.list);
  if (row) row.focus();
}

async function save(tag, fields, input) {
  try {
    await patch(`/categories/${ref(tag)}`, fields);
    await loadCategories();
  } catch (e) {
    // The toast says why; the field goes back to what the file holds.
    showError(e);
    const c = C.byTag.get(tag);
    if (input && c) input.value = input.type === 'color' ? (c.color || '#888888') : (input.classList.contains('cat-name') ? c.name : (c.icon || ''));
  }
}

let drawnManager = '';
function renderManager() {
  if (!C.list) return;
  // Redraw only what changed (every save also comes back as a live event), and keep the focus
  // in the same field of the same row, so typing is never interrupted.
  const sig = JSON.stringify([C.order.map((t) => C.byTag.get(t)), C.tags, C.warning]);
  if (sig === drawnManager && C.list.children.length) return;
  drawnManager = sig;
  const active = document.activeElement;
  const row = active && active.closest && active.closest('li.cat-row');
  const focus = row && C.list.contains(row) ? [row.dataset.tag, [...active.classList].find((c) => c.startsWith('cat-'))] : null;
  const warn = $('#cat-warning');
  if (warn) kids(warn, C.warning ? h('p', { class: 'cat-warning', role: 'alert', text: C.warning }) : null);
  const cats = C.order.map((t) => C.byTag.get(t)).filter(Boolean);
  const counts = new Map(C.tags.map((t) => [t.tag, t.count]));
  kids(C.list, cats.length ? cats.map((c, i) => {
    const name = h('input', { class: 'input cat-name', value: c.name, 'aria-label': `Name of #${c.tag}`, maxlength: '50' });
    const ic = h('input', { class: 'input cat-icon-in', value: c.icon || '', 'aria-label': `Icon of ${c.name}`, maxlength: '8', placeholder: '🏷️' });
    const col = h('input', { class: 'cat-color', type: 'color', value: c.color || '#888888', 'aria-label': `Colour of ${c.name}` });
    name.addEventListener('change', () => save(c.tag, { name: name.value }, name));
    ic.addEventListener('change', () => save(c.tag, { icon: ic.value }, ic));
    col.addEventListener('change', () => save(c.tag, { color: col.value }, col));
    const grip = h('button', { type: 'button', class: 'icon-btn small cat-grip', 'aria-label': `Reorder ${c.name}: Alt+Up or Alt+Down`, title: 'Drag to reorder' }, icon('grip'));
    const li = h('li', { class: 'cat-row', 'data-tag': c.tag }, grip, ic, name, col,
      h('span', { class: 'cat-tag', text: '#' + c.tag }),
      h('span', { class: 'cat-count', text: String(counts.get(c.tag) || 0), title: 'Open tasks' }),
      h('button', { type: 'button', class: 'icon-btn small', 'aria-label': `Remove the category ${c.name}`, title: 'Remove (tasks keep the tag)', onclick: async () => {
        if (!await confirmSheet(`Remove “${c.name}”?`, `Tasks keep the tag #${c.tag}; only its name, icon and colour go.`, 'Remove')) return;
        try { await del(`/categories/${ref(c.tag)}`); } catch (e) { showError(e); }
        await categoriesChanged();
      } }, icon('trash')));
    paint(li, c);
    li.addEventListener('keydown', (e) => {
      if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
      e.preventDefault();
      if (e.key === 'ArrowUp' && i > 0) move(c.tag, cats[i - 1].tag);
      if (e.key === 'ArrowDown' && i < cats.length - 1) move(c.tag, i + 2 < cats.length ? cats[i + 2].tag : null);
    });
    return li;
  }) : h('li', { class: 'cat-empty', text: 'No categories yet.' }));
  const others = C.tags.filter((t) => !t.category);
  const box = $('#cat-others');
  if (box) kids(box, others.length ? [
    h('h3', { class: 'cat-add-head', text: 'Tags without a category' }),
    h('div', { class: 'cat-others' }, others.map((t) => h('button', { type: 'button', class: 'tool-btn', 'aria-label': `Make #${t.tag} a category`, onclick: async () => {
      try { await post('/categories', { tag: t.tag }); } catch (e) { showError(e); }
      await categoriesChanged();
    } }, icon('plus'), h('span', { text: '#' + t.tag })))),
  ] : null);
  if (focus) {
    const el = $(`li.cat-row[data-tag="${CSS.escape(focus[0])}"] .${focus[1]}`, C.list);
    if (el) el.focus();
  }
  toastOnce();
}

let warned = false;
function toastOnce() {
  if (C.warning && !warned) { warned = true; toast(C.warning, { error: true }); }
}
