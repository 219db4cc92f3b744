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
const KEYS = [['accent', 'Accent'], ['background', 'Background'], ['surface', 'Surface'], ['text', 'Text'], ['muted', 'Secondary text'],
  ['border', 'Separators'], ['overdue', 'Overdue'], ['success', 'Completed']];

let theme = { preset: 'classic', overrides: {} };

export function applyTheme(t) {
  theme = { preset: (t && t.preset) || 'classic', overrides: (t && t.overrides) || {} };
  const root = document.documentElement;
  root.dataset.theme = PRESETS.some(([k]) => k === theme.preset) ? theme.preset : 'classic';
  for (const [k] of KEYS) {
    const v = theme.overrides[k];
    if (typeof v === 'string' && CSS.supports('color', v)) root.style.setProperty('--' + k, v);
    else root.style.removeProperty('--' + k);
  }
  // The tints wait for the next frame: reading the computed colours makes the browser style
  // the whole page at once, which on the first load held the first screen back ~15 ms (the
  // stylesheet's color-mix() fallbacks show the same tints until then).
  requestAnimationFrame(() => {
    derive();
    // The browser's own bar follows the background.
    const bg = getComputedStyle(document.body).getPropertyValue('--chrome').trim() || getComputedStyle(document.body).backgroundColor;
    for (const m of $$('meta[name="theme-color"]')) m.setAttribute('content', bg);
  });
}

// Tints (selection, hover, banners) as solid colours mixed from the theme's, so every tool that
// checks contrast can read them (color-mix() in the stylesheet is only the fallback).
const DERIVED = [['accent-soft', 'accent', 0.13], ['accent-line', 'accent', 0.45], ['hover', 'text', 0.05],
  ['hairline', 'border', 0.7], ['overdue-soft', 'overdue', 0.11], ['row-hover', 'text', 0.035],
  ['row-selected', 'accent', 0.1], ['row-picked', 'accent', 0.14]];
let paint = null;
/** [r, g, b] of a CSS colour: `#rgb`, `#rrggbb` and `rgb()` read directly (the themes' own
 * forms), anything else through one canvas, made on first need (a canvas per colour cost the
 * first screen ~20 ms). */
function rgbOf(color) {
  let v = color.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(v);
  if (hex) {
    const x = hex[1].length === 3 ? hex[1].replace(/./g, '$&$&') : hex[1];
    return [0, 2, 4].map((i) => parseInt(x.slice(i, i + 2), 16));
  }
  if (!/^rgba?\(/i.test(v)) {
    paint = paint || document.createElement('canvas').getContext('2d');
    paint.fillStyle = '#000';
    paint.fillStyle = v;
    v = paint.fillStyle;
    if (v[0] === '#') return [1, 3, 5].map((i) => parseInt(v.slice(i, i + 2), 16));
  }
  const m = v.match(/[\d.]+/g);
  return m ? m.slice(0, 3).map(Number) : [0, 0, 0];
}
function derive() {
  const root = document.documentElement;
  for (const [k] of DERIVED) root.style.removeProperty('--' + k);
  const cs = getComputedStyle(root);
  const bg = rgbOf(cs.getPropertyValue('--background').trim());
  for (const [k, from, p] of DERIVED) {
    const fg = rgbOf(cs.getPropertyValue('--' + from).trim());
    root.style.setProperty('--' + k, `rgb(${fg.map((x, i) => Math.round(x * p + bg[i] * (1 - p))).join(' ')})`);
  }
}
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => derive());

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
    overrides.replaceChildren(...KEYS.map(([k, label]) => {
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
