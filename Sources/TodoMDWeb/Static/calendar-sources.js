// The external calendars of §25 (`.todomd/config.json` "calendars"): a sheet to list, add and
// remove them, opened from the calendar's header. Loaded with the calendar.
import { h, kids } from './util.js';
import { get, post, del } from './api.js';
import { toast, showError, sheet, confirmSheet } from './ui.js';

/** The sheet that lists, adds and removes external calendars; `reload` draws the calendar
 *  again after a change, `tint` colours a swatch as the grid colours events. */
export async function openCalendars(reload, tint) {
  let list = [];
  const body = h('div', { class: 'cal-settings' });
  const paint = () => {
    kids(body,
      h('p', { class: 'muted small', text: 'Events from these calendars show on the grid, read-only. A file path is relative to the vault; an address is fetched every 15 minutes. Saved in .todomd/config.json.' }),
      list.length ? h('ul', { class: 'cal-sources' }, list.map((c) => h('li', { class: 'cal-source' },
        tint(h('span', { class: 'cal-swatch', 'aria-hidden': 'true' }), c.color),
        h('span', { class: 'cal-source-main' },
          h('span', { class: 'cal-source-name', text: c.name }),
          h('span', { class: 'cal-source-where', text: c.url || c.path || '' }),
          c.error ? h('span', { class: 'cal-source-error', text: c.error })
            : h('span', { class: 'cal-source-where', text: `${c.events || 0} ${c.events === 1 ? 'event' : 'events'}` })),
        h('button', { type: 'button', class: 'btn btn-small btn-danger', 'aria-label': `Remove calendar ${c.name}`, text: 'Remove', onclick: () => remove(c.name) }))))
        : h('p', { class: 'cal-empty', text: 'No calendars yet.' }),
      form);
  };
  const name = h('input', { id: 'cal-new-name', class: 'input', type: 'text', autocomplete: 'off', required: true });
  const where = h('input', { id: 'cal-new-where', class: 'input', type: 'text', autocomplete: 'off', required: true, placeholder: 'https://…/basic.ics or work.ics' });
  const color = h('input', { id: 'cal-new-color', class: 'cal-color', type: 'color', value: '#2f7d6d' });
  const form = h('form', { class: 'cal-add', 'aria-label': 'Add a calendar' },
    h('h3', { class: 'pe-h', text: 'Add a calendar' }),
    h('label', { for: 'cal-new-name', text: 'Name' }), name,
    h('label', { for: 'cal-new-where', text: 'Address or file' }), where,
    h('label', { for: 'cal-new-color', text: 'Colour' }), color,
    h('button', { type: 'submit', class: 'btn btn-primary', text: 'Add calendar' }));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const w = where.value.trim();
    const entry = { name: name.value.trim(), color: color.value };
    if (/^(https?|webcal):\/\//i.test(w)) entry.url = w; else entry.path = w;
    try {
      const got = await post('/calendars', entry);
      list = got.calendars || [];
      name.value = ''; where.value = '';
      paint();
      const added = list.find((c) => c.name === entry.name);
      toast(added && added.error ? `Added “${entry.name}”, but it could not be read: ${added.error}` : `Added “${entry.name}”.`);
      reload();
    } catch (err) { showError(err); }
  });
  const remove = async (n) => {
    if (!(await confirmSheet(`Remove “${n}”?`, 'Its events leave the calendar; the calendar itself is not touched.', 'Remove'))) return;
    try {
      await del(`/calendars/${encodeURIComponent(n)}`);
      list = list.filter((c) => c.name !== n);
      paint();
      toast(`Removed “${n}”.`);
      reload();
    } catch (err) { showError(err); }
  };
  try { list = (await get('/calendars')).calendars || []; } catch (e) { showError(e); }
  paint();
  sheet('Calendars', body, [{ label: 'Done', primary: true, end: true, onClick: (c) => c() }], { cls: 'sheet-wide' });
}
