// The task detail editor: every §3 field, saved one field at a time with PATCH (only what changed).
import { h, $, icon, datePart, timePart, STATUS_LABEL, PRIORITY_LABEL } from './util.js';
import { get, patch, ref } from './api.js';
import { toast, showError } from './ui.js';
import { initActions, editorHead, deletingId } from './editor-actions.js';
import { fillStructure } from './subtasks.js';
import { showConflict, hideConflict, initConflict, isAsking, escape } from './editor-conflict.js';
import { initRecurrence, fillBuilder, builderChanged, commitRecurrenceText, repeatRow } from './editor-recurrence.js';
import { fillInfo } from './editor-info.js';
import { initReminders, remindersRows, fillReminders } from './editor-reminders.js';
import { initDates, commitDate, commitTime, dateRow, timeChoices, hint } from './editor-dates.js';
import { fillTimer } from './editor-timer.js';

let ctx = null;
let cur = null;        // the task shown
let form = null;
let returnFocus = null;
const inflight = new Map(); // field → JSON of the value being saved
// field → the value it had (in `cur`) when the user started typing in it: if the file's value
// differs from this when the edit is saved, another program changed the same field meanwhile.
const editBase = new Map();

export function initEditor(c) {
  ctx = c;
  initRecurrence({ form: () => form, task: () => cur, save });
  initConflict({ form: () => form, task: () => cur, editBase, status, commitField, fill, autosize, closeEditor });
  initReminders({ task: () => cur, save, row });
  initDates({ task: () => cur, form: () => form, save, row });
  initActions({ task: () => cur, ctx: () => ctx, closeEditor });
  matchMedia('(max-width: 1099px)').addEventListener('change', () => { if (cur) layout(); });
}
export const editorId = () => (cur ? cur.id : null);

/** Opens task `id`, or any reference the server resolves (a file name without `.md`, a unique
 *  title…). Returns the id of the task opened, or null when none was (the error is shown). */
export async function openEditor(id) {
  if (cur && cur.id === id) { focusTitle(); return id; }
  try {
    const t = await get(`/tasks/${ref(id)}`);
    if (!cur) returnFocus = document.activeElement;
    cur = t;
    inflight.clear();
    editBase.clear();
    hideConflict();
    layout();
    render();
    focusTitle();
    return t.id;
  } catch (e) { showError(e); return null; }
}

function focusTitle() { const el = form && form.elements.title; if (el) el.focus({ preventScroll: true }); }

export function closeEditor(restoreFocus = true) {
  if (!cur) return;
  const id = cur.id;
  const active = document.activeElement;
  if (active && form && form.contains(active) && active.blur) active.blur(); // commits a pending edit
  cur = null;
  form = null;
  editBase.clear();
  hideConflict();
  const pane = $('#detail');
  pane.hidden = true;
  pane.replaceChildren();
  const app = $('#app');
  app.classList.remove('detail-open', 'detail-overlay');
  $('#main').inert = false;
  $('#sidebar').inert = false;
  $('#scrim').hidden = !app.classList.contains('nav-open');
  if (restoreFocus) {
    ctx.focusRow(id);
    if (!document.activeElement || document.activeElement === document.body) { if (returnFocus && returnFocus.isConnected) returnFocus.focus(); }
  }
}

function layout() {
  const overlay = matchMedia('(max-width: 1099px)').matches;
  const app = $('#app');
  $('#detail').hidden = false;
  app.classList.add('detail-open');
  app.classList.toggle('detail-overlay', overlay);
  $('#main').inert = overlay;
  $('#sidebar').inert = overlay;
  $('#scrim').hidden = !overlay;
}

/** Another program (or this app) changed the open task. */
export async function editorExternalChange(id, kind) {
  if (!cur || cur.id !== id) return;
  if (kind === 'deleted') {
    if (id !== deletingId()) { toast('This task was deleted or moved elsewhere.'); closeEditor(); }
    return;
  }
  if (inflight.size) return; // our own save; its answer updates the form
  try {
    const t = await get(`/tasks/${ref(id)}`);
    if (!cur || cur.id !== id) return;
    cur = t;
    fill(document.activeElement);
    // The field being typed in was left alone; say so now if the file changed that field too.
    const el = document.activeElement;
    if (el && form && form.contains(el) && el.name && editBase.has(el.name) && !same(cur[el.name], editBase.get(el.name))) {
      showConflict(el.name);
    }
  } catch (e) { if (e.status === 404) closeEditor(); else showError(e); }
}

async function reload() {
  if (!cur) return;
  try { cur = await get(`/tasks/${ref(cur.id)}`); fill(null); ctx.onSaved(cur); } catch (e) { showError(e); }
}

// ---- saving ----
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// Saves run one after another, so two quick edits never race each other on the same file.
// A save still runs when the editor closed meanwhile (closing commits the field being edited).
let queue = Promise.resolve();
function save(changes) {
  const snap = cur;
  if (!snap) return Promise.resolve();
  const next = queue.then(() => saveNow(changes, snap));
  queue = next.catch(() => {});
  return next;
}

const isOpen = (id) => !!cur && cur.id === id;

/** Saves `changes` with the `hash` of the version the form shows (§5: never overwrite a file
 *  another program changed). A field the file changed too since the user began editing it is not
 *  saved: the conflict banner asks which to keep, and the typed text stays in the field. */
async function saveNow(changes, snap, retried = false) {
  const id = snap.id;
  const task = isOpen(id) ? cur : snap;
  const baseOf = (k) => (isOpen(id) && editBase.has(k) ? editBase.get(k) : task[k]);
  const diff = {};
  for (const [k, v] of Object.entries(changes)) {
    if (same(task[k], v)) { if (isOpen(id)) editBase.delete(k); continue; }
    if (inflight.has(k) && inflight.get(k) === JSON.stringify(v)) continue;
    diff[k] = v;
  }
  const keys = Object.keys(diff);
  if (!keys.length) return;
  const clash = keys.find((k) => !same(task[k], baseOf(k)));
  if (clash) { conflict(id, clash); return; }
  for (const k of keys) inflight.set(k, JSON.stringify(diff[k]));
  status('Saving…');
  try {
    const t = await patch(`/tasks/${ref(id)}`, { ...diff, hash: task.hash });
    for (const k of keys) inflight.delete(k);
    if (isOpen(id)) {
      for (const k of keys) editBase.delete(k);
      cur = t;
      fill(document.activeElement);
      status('Saved');
      if (keys.includes(conflictField())) hideConflict();
    }
    ctx.onSaved(t);
  } catch (e) {
    for (const k of keys) inflight.delete(k);
    if (e.status === 409) {
      // The file changed since the form was filled: read it; if only other fields changed,
      // save again on top of it; if one of these did, ask.
      let fresh = null;
      try { fresh = await get(`/tasks/${ref(id)}`); } catch (e2) { showError(e2); return; }
      const bases = Object.fromEntries(keys.map((k) => [k, baseOf(k)]));
      if (isOpen(id)) {
        for (const k of keys) if (!editBase.has(k)) editBase.set(k, bases[k]);
        cur = fresh;
        fill(form && form.contains(document.activeElement) ? document.activeElement : null, keys);
      }
      const changed = keys.find((k) => !same(fresh[k], bases[k]));
      if (!changed && !retried) return saveNow(diff, isOpen(id) ? cur : fresh, true);
      conflict(id, changed || keys[0]);
      return;
    }
    showError(e);
    status('');
    if (e.status === 404) reload();
    else if (isOpen(id)) fill(null);
  }
}

/** A field the file changed too: the banner when the task is still open, else a message. */
function conflict(id, field) {
  if (isOpen(id)) { showConflict(field); return; }
  toast(`${FIELD_LABEL[field] || 'A field'} changed in the file meanwhile, so your edit was not saved.`, { error: true });
}

let statusTimer;
function status(text) {
  const el = form && $('#detail .d-status');
  if (!el) return;
  el.textContent = text;
  clearTimeout(statusTimer);
  if (text === 'Saved') statusTimer = setTimeout(() => { el.textContent = ''; }, 1500);
}

// Field values as the form holds them → §3 values.
const text = (v) => { const s = v.trim(); return s === '' ? null : s; };

function commitField(el) {
  if (!cur || !el.name) return;
  const n = el.name;
  switch (n) {
    case 'title': {
      const v = el.value.trim();
      if (!v) { el.value = cur.title; toast('A task needs a title.', { error: true }); return; }
      return save({ title: v });
    }
    case 'description': case 'area': case 'project': return save({ [n]: text(el.value) });
    case 'body': return save({ body: el.value });
    case 'status': case 'priority': case 'recurrence_mode': return save({ [n]: el.value });
    case 'flagged': return save({ flagged: el.checked });
    case 'estimated_minutes': {
      const s = el.value.trim();
      if (s === '') return save({ estimated_minutes: null });
      const m = Math.round(Number(s));
      if (!Number.isFinite(m) || m < 0) { toast('The estimate is a number of minutes.', { error: true }); el.value = cur.estimated_minutes ?? ''; return; }
      return save({ estimated_minutes: m });
    }
    case 'due': case 'defer': case 'scheduled': return commitDate(el);
    case 'due_time': case 'defer_time': case 'scheduled_time': return commitTime(n.slice(0, -5), el.value);
    case 'tags': return addTagsFrom(el);
    case 'recurrence': return commitRecurrenceText(el);
    default:
  }
}

function addTagsFrom(el) {
  const add = el.value.split(/[,\s]+/).map((x) => x.replace(/^#/, '').trim()).filter(Boolean);
  el.value = '';
  if (!add.length) return;
  const tags = [...(cur.tags || [])];
  for (const t of add) if (!tags.includes(t)) tags.push(t);
  return save({ tags });
}

// ---- rendering ----
function listOf(key) {
  const sb = ctx.sidebar() || {};
  if (key === 'area') return (sb.areas || []).map((a) => a.name);
  if (key === 'project') return (sb.projects || []).map((p) => p.name);
  return (sb.tags || []).map((t) => t.name);
}

function row(label, forId, ...control) {
  return h('div', { class: 'd-row' }, h('label', { class: 'd-label', for: forId, text: label }), h('div', { class: 'd-control' }, control));
}

function render() {
  const t = cur;
  const pane = $('#detail');
  const sel = (name, id, options) => h('select', { id, name, class: 'input select' }, options.map(([v, l]) => h('option', { value: v, text: l })));
  const head = editorHead(t);

  const tagList = h('ul', { class: 'd-tags', 'aria-label': 'Tags' });
  const tagInput = h('input', { id: 'd-tags', name: 'tags', class: 'input d-taginput', placeholder: 'Add tag', list: 'dl-tags', autocomplete: 'off' });

  form = h('form', { class: 'd-form', 'aria-label': 'Edit task', novalidate: true },
    h('textarea', { id: 'd-title', name: 'title', 'aria-label': 'Title', class: 'd-title', rows: '1', maxlength: '500', required: true }),
    h('input', { id: 'd-desc', name: 'description', 'aria-label': 'Description', class: 'd-desc input-bare', placeholder: 'Description', maxlength: '2000', autocomplete: 'off' }),
    h('div', { class: 'd-fields' },
      row('Status', 'd-st', sel('status', 'd-st', Object.entries(STATUS_LABEL))),
      dateRow('scheduled', 'Scheduled', 'When you plan to do it'),
      dateRow('due', 'Due', 'Deadline, e.g. fri'),
      dateRow('defer', 'Defer', 'Hidden until'),
      timeChoices(),
      row('Priority', 'd-prio', sel('priority', 'd-prio', ['none', 'low', 'medium', 'high'].map((p) => [p, PRIORITY_LABEL[p]]))),
      row('Flagged', 'd-flag', h('span', { class: 'switch' }, h('input', { type: 'checkbox', id: 'd-flag', name: 'flagged' }), h('span', { class: 'switch-track', 'aria-hidden': 'true' }))),
      row('Area', 'd-area', h('input', { id: 'd-area', name: 'area', class: 'input', list: 'dl-areas', autocomplete: 'off', placeholder: 'None' })),
      row('Project', 'd-project', h('input', { id: 'd-project', name: 'project', class: 'input', list: 'dl-projects', autocomplete: 'off', placeholder: 'None' })),
      row('Tags', 'd-tags', h('div', { class: 'd-tagbox' }, tagList, tagInput)),
      row('Estimate', 'd-est', h('div', { class: 'd-inline' }, h('input', { id: 'd-est', name: 'estimated_minutes', type: 'number', min: '0', step: '5', class: 'input d-num', placeholder: '—' }), h('span', { class: 'd-unit', text: 'minutes' }))),
      repeatRow(row, sel),
      ...remindersRows()),
    h('label', { class: 'd-label d-notes-label', for: 'd-body', text: 'Notes' }),
    h('textarea', { id: 'd-body', name: 'body', class: 'input d-body', rows: '6', placeholder: 'Notes (Markdown, shown as plain text)' }),
    h('div', { class: 'd-structure' }),
    h('datalist', { id: 'dl-areas' }, listOf('area').map((v) => h('option', { value: v }))),
    h('datalist', { id: 'dl-projects' }, listOf('project').map((v) => h('option', { value: v }))),
    h('datalist', { id: 'dl-tags' }, listOf('tag').map((v) => h('option', { value: v }))),
    h('dl', { class: 'd-info' }));

  form.addEventListener('submit', (e) => e.preventDefault());
  form.addEventListener('change', (e) => {
    const el = e.target;
    if (isAsking()) return;
    if (!el.name || el.name.startsWith('recurrence_') && el.name !== 'recurrence_mode') return;
    if (el.classList.contains('d-picker')) return;
    commitField(el);
  });
  form.addEventListener('keydown', (e) => {
    const el = e.target;
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); escape(el); return; }
    if (e.key !== 'Enter' || !el.name) return;
    if (el.name === 'body' && !(e.metaKey || e.ctrlKey)) return;
    if (el.tagName === 'SELECT') return;
    e.preventDefault();
    if (el.name.startsWith('recurrence_') && el.name !== 'recurrence_mode') { builderChanged(); return; }
    commitField(el);
  });
  form.addEventListener('input', (e) => {
    const el = e.target;
    if (el.name === 'title' || el.name === 'body') autosize(el);
    if (el.name && el.name in cur && !editBase.has(el.name)) editBase.set(el.name, cur[el.name]);
  });
  tagList.addEventListener('click', (e) => {
    const b = e.target.closest('button[data-tag]');
    if (b) save({ tags: (cur.tags || []).filter((x) => x !== b.dataset.tag) });
  });

  pane.replaceChildren(head, h('div', { class: 'd-scroll' }, form));
  fill(null);
}

function autosize(el) {
  el.style.height = 'auto';
  el.style.height = Math.min(el.scrollHeight + 2, el.name === 'body' ? 600 : 240) + 'px';
}

/** Puts `cur` into the form, leaving the element the user is typing in (and the fields named in
 *  `keep`, whose typed values are not saved yet) alone. */
function fill(skip, keep = []) {
  if (!form || !cur) return;
  const t = cur;
  const E = form.elements;
  const set = (name, v) => { const el = E[name]; if (el && el !== skip && !keep.includes(name)) el.value = v ?? ''; };
  set('title', t.title);
  set('description', t.description);
  set('status', t.status);
  for (const k of ['due', 'defer', 'scheduled']) {
    set(k, datePart(t[k]));
    const time = E[k + '_time'];
    if (time && time !== skip) { time.value = timePart(t[k]) || ''; time.disabled = !t[k]; }
    hint(k);
  }
  set('priority', t.priority || 'none');
  if (E.flagged !== skip) E.flagged.checked = !!t.flagged;
  set('area', t.area);
  set('project', t.project);
  set('estimated_minutes', t.estimated_minutes);
  set('body', t.body);
  set('recurrence', t.recurrence);
  set('recurrence_mode', t.recurrence_mode || 'fixed');
  autosize(E.title);
  autosize(E.body);
  const tl = $('.d-tags', form);
  tl.replaceChildren(...(t.tags || []).map((tag) => h('li', { class: 'tag-chip' }, h('span', { text: '#' + tag }),
    h('button', { type: 'button', class: 'tag-x', 'data-tag': tag, 'aria-label': `Remove tag ${tag}` }, icon('x')))));
  fillBuilder(skip);
  fillReminders(form, t, skip);
  fillTimer(form, t);
  fillStructure($('.d-structure', form), t, { reload, open: openEditor });
  fillInfo($('.d-info', form), t);
}
