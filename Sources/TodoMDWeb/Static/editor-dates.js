// The task editor's date fields (due, defer, scheduled): typed dates and phrases ("fri 3pm"), a
// picker, and the time of day beside each date (§24), with a hint saying the date in words.
import { h, $, icon, isoDate, isoDateTime, datePart, timePart, relDate, shortDate } from './util.js';
import { get, qs } from './api.js';
import { toast } from './ui.js';

// What the date rows need of the editor, given once: {task(), form(), save(changes), row(label, forId, ...control)}.
let E = null;
export function initDates(e) { E = e; }

/** Saves the date field `el` (due, defer or scheduled): a date, a date-time or a phrase. */
export async function commitDate(el) {
  const cur = E.task();
  const n = el.name;
  const s = el.value.trim();
  if (s === '') return E.save({ [n]: null });
  // A date typed alone keeps the time already set; a phrase with a time ("fri 3pm") sets both.
  const keepTime = (d) => (isoDate(d) && timePart(cur[n]) ? `${d}T${timePart(cur[n])}` : d);
  if (isoDate(s) || isoDateTime(s)) return E.save({ [n]: keepTime(s) });
  try {
    const r = await get('/dates' + qs({ text: s }));
    const value = isoDateTime(r.date) ? r.date : keepTime(r.date);
    el.value = datePart(value);
    return E.save({ [n]: value });
  } catch (e) {
    toast(`“${s}” is not a date todo.md understands. Try “tomorrow”, “fri 3pm”, “in 3 days” or “dec 5”.`, { error: true });
    el.value = datePart(cur[n]) || '';
    hint(n);
  }
}

/** The time beside a date (§24): empty for the whole day. */
export function commitTime(key, value) {
  const cur = E.task();
  const day = datePart(cur[key]);
  if (!day) return;
  E.save({ [key]: value ? `${day}T${value}` : day });
}

/** The row of a date field: the text field, a date picker, a clear button and the time beside it. */
export function dateRow(key, label, placeholder) {
  const { save, row } = E;
  const id = 'd-' + key;
  const input = h('input', { id, name: key, class: 'input d-date', type: 'text', inputmode: 'text', autocomplete: 'off', placeholder, 'aria-describedby': id + '-hint' });
  const picker = h('input', { type: 'date', class: 'd-picker', tabindex: '-1', 'aria-hidden': 'true', onchange: (e) => { if (e.target.value) { input.value = e.target.value; commitDate(input); } } });
  const pickBtn = h('button', { type: 'button', class: 'icon-btn small', 'aria-label': `Choose ${label.toLowerCase()} date`, onclick: () => {
    picker.value = datePart(E.task()[key]) || '';
    try { picker.showPicker(); } catch { picker.focus(); picker.click(); }
  } }, icon('calendar'));
  // A time of day beside the date, with quick choices (§24); cleared, the task is for the whole day.
  const time = h('input', { id: id + '-time', name: key + '_time', class: 'input d-time', type: 'time', step: '300', list: 'd-time-choices', 'aria-label': `${label} time` });
  const clear = h('button', { type: 'button', class: 'icon-btn small d-clear', 'aria-label': `Clear ${label.toLowerCase()} date`, onclick: () => { input.value = ''; time.value = ''; save({ [key]: null }); } }, icon('x'));
  return row(label, id, h('div', { class: 'd-datebox' }, input, h('span', { class: 'd-pick' }, picker, pickBtn), clear,
    h('div', { class: 'd-when' }, time, h('span', { class: 'd-hint', id: id + '-hint' }))));
}

/** Quick choices for every time field. */
export const timeChoices = () => h('datalist', { id: 'd-time-choices' }, ['09:00', '12:00', '15:00', '18:00', '20:00'].map((v) => h('option', { value: v })));

/** The line under a date field saying it in words ("Tomorrow · Sun 22 Nov"). */
export function hint(key) {
  const form = E.form(), cur = E.task();
  if (!form || !cur) return;
  const el = $('#d-' + key + '-hint', form);
  if (!el) return;
  const v = cur[key];
  el.textContent = v ? (relDate(v) !== shortDate(v) ? `${relDate(v)} · ${shortDate(datePart(v))}` : shortDate(v)) : '';
}
