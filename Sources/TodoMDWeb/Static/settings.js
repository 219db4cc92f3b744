// Themes from .theme.json (presets plus colour overrides) and the settings sheet.
import { h, $$ } from './util.js';
import { get, put } from './api.js';
import { sheet, toast, showError } from './ui.js';

const PRESETS = [
  ['classic', 'Classic', 'Blue accent, light or dark with your system'],
  ['focus', 'Focus', 'Warm and quiet, for long sessions'],
  ['minimal', 'Minimal', 'Greyscale, nothing extra'],
  ['system', 'System', 'Your system’s colours'],
  ['ink', 'Ink', 'Paper white and deep ink'],
  ['dark-pro', 'Dark Pro', 'Always dark, high contrast'],
];
const THEME_KEYS = [['accent', 'Accent'], ['background', 'Background'], ['surface', 'Surface'], ['text', 'Text'], ['muted', 'Secondary text'],
  ['border', 'Separators'], ['overdue', 'Overdue'], ['success', 'Completed']];

let theme = { preset: 'classic', overrides: {} };

export function applyTheme(t) {
  theme = { preset: (t && t.preset) || 'classic', overrides: (t && t.overrides) || {} };
  const root = document.documentElement;
  root.dataset.theme = PRESETS.some(([k]) => k === theme.preset) ? theme.preset : 'classic';
  for (const [k] of THEME_KEYS) {
    const v = theme.overrides[k];
    if (typeof v === 'string' && CSS.supports('color', v)) root.style.setProperty('--' + k, v);
    else root.style.removeProperty('--' + k);
  }
  // The browser's own bar follows the background, read in the next frame, when the page is
  // styled anyway (reading a computed colour before it styles the whole page at once).
  requestAnimationFrame(() => {
    const bg = getComputedStyle(document.body).getPropertyValue('--chrome').trim() || getComputedStyle(document.body).backgroundColor;
    for (const m of $$('meta[name="theme-color"]')) m.setAttribute('content', bg);
  });
}

export async function loadTheme() {
  try { applyTheme(await get('/theme')); } catch (e) { if (e.status !== 404) showError(e); }
}

async function saveTheme(t) {
  applyTheme(t);
  try { await put('/theme', theme); } catch (e) { showError(e); }
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
      h('input', { type: 'radio', name: 'preset', id, value: k, checked: theme.preset === k, onchange: () => { saveTheme({ ...theme, preset: k }); paintOverrides(); } }),
      h('label', { for: id, 'data-preview': k },
        h('span', { class: 'theme-swatch', 'aria-hidden': 'true' }, h('span'), h('span'), h('span')),
        h('span', { class: 'theme-name', text: name }), h('span', { class: 'theme-desc', text: desc })));
  }));
  const overrides = h('div', { class: 'overrides' });
  const paintOverrides = () => {
    const cs = getComputedStyle(document.documentElement);
    overrides.replaceChildren(...THEME_KEYS.map(([k, label]) => {
      const id = 'ov-' + k;
      const set = theme.overrides[k] != null;
      return h('div', { class: 'override' + (set ? ' set' : '') },
        h('input', { type: 'color', id, value: toHex(cs.getPropertyValue('--' + k).trim() || '#000'), onchange: (e) => {
          saveTheme({ ...theme, overrides: { ...theme.overrides, [k]: e.target.value } });
          paintOverrides();
        } }),
        h('label', { for: id, text: label }),
        set ? h('button', { type: 'button', class: 'link-btn', 'aria-label': `Reset ${label}`, text: 'Reset', onclick: () => {
          const o = { ...theme.overrides }; delete o[k]; saveTheme({ ...theme, overrides: o }); paintOverrides();
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
    { label: 'Reset colours', onClick: () => { saveTheme({ ...theme, overrides: {} }); paintOverrides(); toast('Colours reset.'); } },
    { label: 'Done', primary: true, end: true, onClick: (c) => c() },
  ], { cls: 'sheet-wide' });
}
