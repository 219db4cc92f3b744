// Reminders (§24): the task editor's reminder list and nag toggle, and the answers a reminder's
// toast offers (Done, Snooze 1 hr, Snooze until tomorrow, Stop nagging), applied by the server's
// one core call (POST /api/v1/tasks/{id}/reminder).
import { h, $ } from './util.js';
import { post, ref } from './api.js';
import { toast, showError } from './ui.js';

// The editor's task and save, and its row builder, given once by the editor. The controls here
// have no `name`, so the editor's own field handling leaves them alone.
let C = null;
/** `c`: {task(), save(changes), row(label, forId, ...control)}. */
export function initReminders(c) { C = c; }

const QUICK = [['PT0M', 'At the due time'], ['-PT5M', '5 min before'], ['-PT15M', '15 min before'], ['-PT30M', '30 min before'],
  ['-PT1H', '1 hr before'], ['-P1D', '1 day before']];

/** `-PT1H30M` → 90, `-P1D` → -1440; null when `s` is not an offset. */
function offsetMinutes(s) {
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(String(s).trim());
  if (!m || s.replace(/[+-]/, '').toUpperCase() === 'P') return null;
  const n = (x) => Number(x || 0);
  const total = n(m[2]) * 10080 + n(m[3]) * 1440 + n(m[4]) * 60 + n(m[5]);
  return m[1] === '-' ? -total : total;
}

/** What a reminder item (a string, or TaskNotes' object) means, in words. */
export function reminderText(item) {
  const obj = item && typeof item === 'object' ? item : null;
  if (obj && obj.type === 'absolute') return 'At ' + String(obj.absoluteTime || '').replace('T', ' ').slice(0, 16);
  const offset = obj ? obj.offset : item;
  const anchor = obj && obj.relatedTo === 'scheduled' ? 'scheduled' : 'due';
  const min = offsetMinutes(offset || '');
  if (min === null) return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(String(item)) ? 'At ' + String(item).replace('T', ' ') : String(item);
  if (min === 0) return `At the ${anchor} time`;
  const a = Math.abs(min);
  const amount = a % 1440 === 0 ? `${a / 1440} day${a === 1440 ? '' : 's'}` : a % 60 === 0 ? `${a / 60} hr` : `${a} min`;
  return `${amount} ${min < 0 ? 'before' : 'after'} ${anchor}`;
}

/** The editor rows: Reminders (chips, quick choices, a custom entry) and Nag (toggle, interval). */
export function remindersRows() {
  const list = h('ul', { class: 'd-tags d-reminders', 'aria-label': 'Reminders' });
  const quick = h('select', { id: 'd-remind', class: 'input select', 'aria-label': 'Add a reminder' },
    h('option', { value: '', text: 'Add reminder…' }), QUICK.map(([v, l]) => h('option', { value: v, text: l })),
    h('option', { value: 'custom', text: 'Other…' }));
  const custom = h('input', { id: 'd-remind-custom', class: 'input', hidden: true, autocomplete: 'off',
    placeholder: '-2h, -3d or 2026-11-24 14:00', 'aria-label': 'Reminder: an offset before due or a date and time' });
  const add = (value) => {
    const v = String(value || '').trim();
    if (!v) return;
    const items = C.task().reminders || [];
    C.save({ reminders: [...items, v] });
  };
  quick.addEventListener('change', () => {
    if (quick.value === 'custom') { custom.hidden = false; custom.focus(); } else add(quick.value);
    if (quick.value !== 'custom') quick.value = '';
  });
  custom.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add(custom.value);
    custom.value = '';
    custom.hidden = true;
    quick.value = '';
  });
  list.addEventListener('click', (e) => {
    const b = e.target.closest('button[data-index]');
    if (!b) return;
    const items = [...(C.task().reminders || [])];
    items.splice(Number(b.dataset.index), 1);
    C.save({ reminders: items });
  });
  const nag = h('input', { type: 'checkbox', id: 'd-nag' });
  const every = h('input', { id: 'd-nag-interval', type: 'number', min: '1', max: '1440', class: 'input d-num',
    'aria-label': 'Nag every N minutes' });
  nag.addEventListener('change', () => C.save({ nag: nag.checked }));
  every.addEventListener('change', () => { const n = Number(every.value); if (n >= 1) C.save({ nag_interval: Math.round(n) }); });
  return [
    C.row('Reminders', 'd-remind', h('div', { class: 'd-tagbox' }, list, quick, custom)),
    C.row('Nag', 'd-nag', h('div', { class: 'd-inline' },
      h('span', { class: 'switch' }, nag, h('span', { class: 'switch-track', 'aria-hidden': 'true' })),
      h('span', { class: 'd-unit', text: 'every' }), every, h('span', { class: 'd-unit', text: 'min until done' }))),
  ];
}

/** Shows `t`'s reminders and nag settings (not the control the user is in: `skip`). */
export function fillReminders(form, t, skip) {
  const list = $('.d-reminders', form);
  if (!list) return;
  list.replaceChildren(...(t.reminders || []).map((item, i) => h('li', { class: 'tag-chip' },
    h('span', { text: reminderText(item) }),
    h('button', { type: 'button', class: 'tag-x', 'data-index': String(i), 'aria-label': `Remove reminder ${reminderText(item)}`, text: '×' }))));
  const nag = $('#d-nag', form), every = $('#d-nag-interval', form);
  if (nag && nag !== skip) nag.checked = !!t.nag;
  if (every && every !== skip) every.value = t.nag_interval ?? 5;
  if (t.snoozed_until) list.append(h('li', { class: 'd-unit', text: 'Snoozed until ' + String(t.snoozed_until).replace('T', ' ') }));
}

/** The buttons of a reminder's toast: each action the event offers, answered through the server. */
export function reminderActions(d) {
  return (d.actions || []).map((a) => ({
    label: a.label,
    onAction: async () => {
      try {
        const r = await post(`/tasks/${ref(d.id)}/reminder`, { action: a.action });
        const title = r && r.task ? r.task.title : '';
        if (a.action === 'done') toast(`Done: ${title}`);
        else if (r && r.snoozed_until) toast(`Snoozed until ${r.snoozed_until.replace('T', ' ')}: ${title}`);
        else if (a.action === 'stop') toast(`Stopped nagging: ${title}`);
      } catch (e) { showError(e); }
    },
  }));
}
