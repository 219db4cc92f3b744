// The settings sheet: the theme (theme.js), its preset and colour overrides, saved in .theme.json.
import { h } from './util.js';
import { PRESETS, THEME_KEYS, applyTheme, currentTheme } from './theme.js';
import { put } from './api.js';
import { sheet, toast, showError } from './ui.js';

async function saveTheme(t) {
  applyTheme(t);
  try { await put('/theme', currentTheme()); } catch (e) { showError(e); }
}

function toHex(color) {
  // Resolves any CSS colour to #rrggbb for <input type=color>.
  const c = document.createElement('canvas').getContext('2d');
  c.fillStyle = '#000';
  c.fillStyle = color;
  return /^#[0-9a-f]{6}$/i.test(c.fillStyle) ? c.fillStyle : '#000000';
}

export function openSettings() {
  const cards = h('div', { class: 'themes', role: 'radiogroup', 'aria-label': 'Theme' });
  const paintCards = () => cards.replaceChildren(...PRESETS.map(([k, name, desc]) => {
    const id = 'th-' + k;
    return h('div', { class: 'theme-card' },
      h('input', { type: 'radio', name: 'preset', id, value: k, checked: currentTheme().preset === k, onchange: () => { saveTheme({ ...currentTheme(), preset: k }); paintOverrides(); } }),
      h('label', { for: id, 'data-preview': k },
        h('span', { class: 'theme-swatch', 'aria-hidden': 'true' }, h('span'), h('span'), h('span')),
        h('span', { class: 'theme-name', text: name }), h('span', { class: 'theme-desc', text: desc })));
  }));
  const overrides = h('div', { class: 'overrides' });
  const paintOverrides = () => {
    const cs = getComputedStyle(document.documentElement);
    overrides.replaceChildren(...THEME_KEYS.map(([k, label]) => {
      const id = 'ov-' + k;
      const set = currentTheme().overrides[k] != null;
      return h('div', { class: 'override' + (set ? ' set' : '') },
        h('input', { type: 'color', id, value: toHex(cs.getPropertyValue('--' + k).trim() || '#000'), onchange: (e) => {
          saveTheme({ ...currentTheme(), overrides: { ...currentTheme().overrides, [k]: e.target.value } });
          paintOverrides();
        } }),
        h('label', { for: id, text: label }),
        set ? h('button', { type: 'button', class: 'link-btn', 'aria-label': `Reset ${label}`, text: 'Reset', onclick: () => {
          const o = { ...currentTheme().overrides }; delete o[k]; saveTheme({ ...currentTheme(), overrides: o }); paintOverrides();
        } }) : null);
    }));
  };
  paintCards();
  paintOverrides();
  const body = h('div', { class: 'settings' },
    h('h3', { class: 'pe-h', text: 'Theme' }), cards,
    h('h3', { class: 'pe-h', text: 'Colours' }),
    h('p', { class: 'muted small', text: 'Saved in .theme.json in your vault, so every device shows the same colours.' }),
    overrides);
  sheet('Settings', body, [
    { label: 'Reset colours', onClick: () => { saveTheme({ ...currentTheme(), overrides: {} }); paintOverrides(); toast('Colours reset.'); } },
    { label: 'Done', primary: true, end: true, onClick: (c) => c() },
  ], { cls: 'sheet-wide' });
}
