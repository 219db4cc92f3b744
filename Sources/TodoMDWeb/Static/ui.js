// Toasts, sheets (modal dialogs) and small pickers shared by every part of the app.
import { h, icon, $ } from './util.js';

// ---- The first screen ----
/** Shows the app, which index.html hides until its first screen is drawn: the browser then lays
 *  it out and paints it once, rows and all, instead of first the empty shell and then again with
 *  the rows (the 1,000-row list is on screen 4–7 % sooner; Benchmarks/README.md). The list shows it
 *  as it draws its first rows, any other screen as it takes over, and boot() after SHOW_BY ms. */
export function showApp() {
  const app = $('#app');
  if (app.hidden) app.hidden = false;
}
/** The icons of the page's own buttons (index.html's menu, +, settings, …), each drawn once: by
 *  the first screen (first.js), or by the app. */
export function shellIcons() {
  for (const [id, name] of [['menu-btn', 'menu'], ['side-close', 'x'], ['quick-plus', 'plus'], ['fab', 'plus'], ['ico-settings', 'gear'], ['ico-keys', 'keyboard']]) {
    const el = $('#' + id);
    if (el && !el.querySelector('svg')) el.append(icon(name));
  }
}
/** The longest the app stays hidden (ms after it starts) when its first screen is slow to come. */
export const SHOW_BY = 400;

// ---- Toasts ----
export function toast(message, { action, onAction, actions = [], error = false, timeout = 5000 } = {}) {
  const box = $(error ? '#alerts' : '#toasts');
  // A modal sheet sits in the top layer: show toasts inside it so they stay visible.
  const wrap = box.parentNode;
  const dlg = [...document.querySelectorAll('dialog[open]')].pop();
  const host = dlg || document.body;
  if (wrap.parentNode !== host) host.append(wrap);
  const t = h('div', { class: 'toast' + (error ? ' toast-error' : '') + (actions.length > 1 ? ' toast-many' : '') }, h('span', { class: 'toast-text', text: message }));
  const close = () => { t.classList.add('leaving'); setTimeout(() => t.remove(), 200); };
  if (action) {
    t.append(h('button', { type: 'button', class: 'toast-action', text: action, onclick: () => { close(); onAction && onAction(); } }));
  }
  // Several answers (a reminder's Done / Snooze 1 hr / …): [{label, onAction}].
  for (const a of actions) {
    t.append(h('button', { type: 'button', class: 'toast-action', text: a.label, onclick: () => { close(); a.onAction(); } }));
  }
  t.append(h('button', { type: 'button', class: 'toast-close', 'aria-label': 'Dismiss', onclick: close }, icon('x')));
  box.append(t);
  while (box.children.length > 3) box.firstChild.remove();
  if (timeout) setTimeout(close, error ? Math.max(timeout, 7000) : timeout);
  return close;
}

export function showError(e) {
  if (!e) return;
  const msg = e.status === 409
    ? 'This task changed elsewhere; showing the latest version.'
    : e.message || String(e);
  toast(msg, { error: true });
}

// ---- Sheets: <dialog> elements opened modally (focus trap, Esc, backdrop) ----
/**
 * Opens a sheet titled `title` with `body` (a node) and action buttons.
 * actions: [{label, primary, danger, onClick: (close) => …}]; returns {dialog, close}.
 */
export function sheet(title, body, actions = [], { cls = '', onClose, labelId } = {}) {
  const id = labelId || 'sheet-' + Math.random().toString(36).slice(2, 8);
  const dlg = h('dialog', { class: 'sheet ' + cls, 'aria-labelledby': id });
  const close = () => { if (dlg.open) dlg.close(); };
  const head = h('header', { class: 'sheet-head' },
    h('h2', { id, text: title }),
    h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Close', onclick: close }, icon('x')));
  const foot = actions.length ? h('footer', { class: 'sheet-foot' }, actions.map((a) =>
    h('button', {
      type: 'button',
      class: 'btn' + (a.primary ? ' btn-primary' : '') + (a.danger ? ' btn-danger' : '') + (a.end ? ' push' : ''),
      text: a.label, onclick: () => a.onClick(close),
    }))) : null;
  dlg.append(head, h('div', { class: 'sheet-body' }, body));
  if (foot) dlg.append(foot);
  dlg.addEventListener('close', () => {
    const wrap = $('.toast-wrap', dlg);
    if (wrap) document.body.append(wrap);
    dlg.remove();
    onClose && onClose();
  });
  dlg.addEventListener('click', (e) => { if (e.target === dlg) close(); }); // backdrop
  document.body.append(dlg);
  dlg.showModal();
  const first = dlg.querySelector('.sheet-body button, .sheet-body input, .sheet-body select, .sheet-body textarea');
  if (first) first.focus();
  return { dialog: dlg, close };
}

/** Asks a yes/no question; resolves true on confirm. */
export function confirmSheet(title, text, confirmLabel = 'Delete') {
  return new Promise((resolve) => {
    let ok = false;
    sheet(title, h('p', { text }), [
      { label: 'Cancel', onClick: (c) => c() },
      { label: confirmLabel, danger: true, onClick: (c) => { ok = true; c(); } },
    ], { onClose: () => resolve(ok), cls: 'sheet-small' });
  });
}

/** The defer choices (swipe left, bulk defer). Resolves {date} | {someday: true} | null. */
export function deferSheet(count = 1) {
  return new Promise((resolve) => {
    let result = null;
    const pick = (r, c) => { result = r; c(); };
    const dateIn = h('input', { type: 'date', 'aria-label': 'Pick a date', class: 'input' });
    let closeFn;
    const opt = (label, sub, r, ic) => h('button', { type: 'button', class: 'choice', onclick: () => pick(r, closeFn) },
      icon(ic), h('span', { class: 'choice-label', text: label }), h('span', { class: 'choice-sub', text: sub || '' }));
    const body = h('div', { class: 'choices' },
      opt('Tomorrow', '', { date: 'tomorrow' }, 'sun'),
      opt('This Weekend', '', { date: 'this weekend' }, 'calendar'),
      opt('Next Week', '', { date: 'next week' }, 'calendar'),
      opt('Someday', 'No date, out of sight', { someday: true }, 'archive'),
      h('div', { class: 'choice-pick' }, dateIn,
        h('button', { type: 'button', class: 'btn', text: 'Defer', onclick: () => dateIn.value && pick({ date: dateIn.value }, closeFn) })));
    const s = sheet(count > 1 ? `Defer ${count} tasks` : 'Defer', body, [], { cls: 'sheet-small', onClose: () => resolve(result) });
    closeFn = s.close;
  });
}

/** A one-field prompt; resolves the string or null. */
export function promptSheet(title, label, { value = '', list, placeholder = '', action = 'OK' } = {}) {
  return new Promise((resolve) => {
    let result = null;
    const listId = list ? 'pl-' + Math.random().toString(36).slice(2, 7) : null;
    const input = h('input', { class: 'input', 'aria-label': label, value, placeholder, list: listId });
    const form = h('form', { class: 'prompt' }, h('label', { class: 'field-label', text: label }), input,
      list ? h('datalist', { id: listId }, list.map((v) => h('option', { value: v }))) : null);
    let s;
    form.addEventListener('submit', (e) => { e.preventDefault(); result = input.value; s.close(); });
    s = sheet(title, form, [
      { label: 'Cancel', onClick: (c) => c() },
      { label: action, primary: true, onClick: (c) => { result = input.value; c(); } },
    ], { cls: 'sheet-small', onClose: () => resolve(result) });
    input.focus();
  });
}

/** Pick one of `options` ([{value, label}]); resolves the value or null. */
export function chooseSheet(title, options) {
  return new Promise((resolve) => {
    let result = null, s;
    const body = h('div', { class: 'choices' }, options.map((o) =>
      h('button', { type: 'button', class: 'choice', onclick: () => { result = o.value; s.close(); } },
        o.icon ? icon(o.icon, o.cls) : null, h('span', { class: 'choice-label', text: o.label }))));
    s = sheet(title, body, [], { cls: 'sheet-small', onClose: () => resolve(result) });
  });
}
