// The task editor's recurrence builder: frequency, interval and weekdays over the RRULE, the raw
// rule field, and the preview of what it means ("every 2 weeks · Next: …").
import { h, kids, $, $$, shortDate } from './util.js';
import { get, qs } from './api.js';
import { showError } from './ui.js';

export const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
export const DAY_NAMES = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
export const FREQS = [['', 'Never'], ['DAILY', 'Daily'], ['WEEKLY', 'Weekly'], ['MONTHLY', 'Monthly'], ['YEARLY', 'Yearly'], ['CUSTOM', 'Custom rule']];
const UNIT = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' };

// The editor's form, the task shown and its save, given once by the editor.
let C = null;
/** `c`: {form(), task(), save(changes)}. */
export function initRecurrence(c) { C = c; }

function parseRule(rule) {
  if (!rule) return { freq: '', interval: 1, days: [] };
  const parts = {};
  for (const p of rule.split(';')) { const [k, v] = p.split('='); if (k) parts[k.toUpperCase()] = (v || '').toUpperCase(); }
  const known = Object.keys(parts).every((k) => ['FREQ', 'INTERVAL', 'BYDAY', 'WKST'].includes(k));
  const days = parts.BYDAY ? parts.BYDAY.split(',') : [];
  const simpleDays = days.every((d) => DAYS.includes(d));
  if (!UNIT[parts.FREQ] || !known || (days.length && (parts.FREQ !== 'WEEKLY' || !simpleDays))) return { freq: 'CUSTOM', interval: 1, days: [] };
  return { freq: parts.FREQ, interval: Number(parts.INTERVAL || 1) || 1, days };
}

export function fillBuilder(skip) {
  const form = C.form(), cur = C.task();
  const E = form.elements;
  const b = parseRule(cur.recurrence);
  if (E.recurrence_freq !== skip) E.recurrence_freq.value = b.freq;
  if (E.recurrence_interval !== skip) E.recurrence_interval.value = b.interval;
  for (const btn of $$('.day-btn', form)) btn.setAttribute('aria-pressed', String(b.days.includes(btn.dataset.day)));
  showBuilder(b.freq, b.interval);
  recPreview(cur.recurrence);
}

function showBuilder(freq, n) {
  const form = C.form();
  const rec = $('.d-rec', form);
  rec.dataset.freq = freq || 'none';
  $('.d-every', form).hidden = !UNIT[freq];
  $('.d-days', form).hidden = freq !== 'WEEKLY';
  $('.d-recmode', form).hidden = !freq;
  $('.d-rawrow', form).hidden = !freq;
  $('.d-every .d-unit:last-child', form).textContent = UNIT[freq] ? UNIT[freq] + (Number(n) === 1 ? '' : 's') : '';
}

export function builderChanged() {
  const form = C.form(), save = C.save;
  const E = form.elements;
  const freq = E.recurrence_freq.value;
  const n = Math.max(1, Math.round(Number(E.recurrence_interval.value) || 1));
  showBuilder(freq, n);
  if (freq === 'CUSTOM') { E.recurrence.focus(); return; }
  if (!freq) { E.recurrence.value = ''; recPreview(null); return save({ recurrence: null }); }
  let rule = `FREQ=${freq}` + (n > 1 ? `;INTERVAL=${n}` : '');
  const days = $$('.day-btn[aria-pressed="true"]', form).map((b) => b.dataset.day);
  if (freq === 'WEEKLY' && days.length) rule += ';BYDAY=' + days.join(',');
  E.recurrence.value = rule;
  recPreview(rule);
  return save({ recurrence: rule });
}

export async function commitRecurrenceText(el) {
  const form = C.form(), cur = C.task(), save = C.save;
  const s = el.value.trim();
  if (!s) { recPreview(null); return save({ recurrence: null }); }
  try {
    const r = await get('/recurrence' + qs({ rule: s }));
    el.value = r.rule;
    await save({ recurrence: r.rule });
    if (form) { const b = parseRule(r.rule); form.elements.recurrence_freq.value = b.freq; form.elements.recurrence_interval.value = b.interval; showBuilder(b.freq, b.interval); }
    showRec(r);
  } catch (e) {
    showError(e);
    el.value = cur.recurrence || '';
  }
}

let recSeq = 0;
export async function recPreview(rule) {
  const form = C.form();
  const seq = ++recSeq;
  const box = form && $('.d-recprev', form);
  if (!box) return;
  if (!rule) { box.replaceChildren(); return; }
  try {
    const r = await get('/recurrence' + qs({ rule }));
    if (seq === recSeq) showRec(r);
  } catch (e) { if (seq === recSeq && box.isConnected) box.replaceChildren(h('span', { class: 'qp-err', text: e.message })); }
}

function showRec(r) {
  const form = C.form();
  const box = form && $('.d-recprev', form);
  if (!box) return;
  const next = (r.next || []).slice(0, 3).map(shortDate).join(', ');
  kids(box, h('span', { text: r.description || r.rule }), next ? h('span', { class: 'muted', text: ` · Next: ${next}` }) : null);
}

/** The editor's Repeat row: frequency, interval, weekdays, repeat mode, the raw rule and its
 *  preview. `row(label, forId, control)` lays it out; `sel(name, id, options)` makes a select. */
export function repeatRow(row, sel) {
  const freqSel = sel('recurrence_freq', 'd-freq', FREQS);
  const interval = h('input', { id: 'd-interval', name: 'recurrence_interval', type: 'number', min: '1', max: '999', class: 'input d-num', 'aria-label': 'Repeat every N' });
  const unit = h('span', { class: 'd-unit' });
  const days = h('div', { class: 'd-days', role: 'group', 'aria-label': 'On days' }, DAYS.map((d) =>
    h('button', { type: 'button', class: 'day-btn', 'data-day': d, 'aria-pressed': 'false', 'aria-label': DAY_NAMES[d], text: d[0] + d[1].toLowerCase(), onclick: (e) => {
      const b = e.currentTarget; b.setAttribute('aria-pressed', String(b.getAttribute('aria-pressed') !== 'true')); builderChanged();
    } })));
  const modeSel = sel('recurrence_mode', 'd-mode', [['fixed', 'On schedule (from the due date)'], ['after_completion', 'After I complete it'], ['defer_another', 'Hide until the next time after I complete it']]);
  modeSel.setAttribute('aria-label', 'Repeat mode');
  const rawInput = h('input', { id: 'd-rrule', name: 'recurrence', class: 'input mono', placeholder: 'RRULE or “every 2 weeks”', autocomplete: 'off' });
  const preview = h('p', { class: 'd-recprev', 'aria-live': 'polite' });
  freqSel.addEventListener('change', builderChanged);
  interval.addEventListener('change', builderChanged);

  return row('Repeat', 'd-freq', h('div', { class: 'd-rec' },
    h('div', { class: 'd-inline' }, freqSel, h('span', { class: 'd-every' }, h('span', { class: 'd-unit', text: 'every' }), interval, unit)),
    days,
    h('div', { class: 'd-recmode' }, modeSel),
    h('div', { class: 'd-rawrow' }, h('label', { class: 'd-sublabel', for: 'd-rrule', text: 'Rule' }), rawInput),
    preview));
}
