// The theme: .theme.json's preset and colour overrides, applied to the page. The first screen
// (first.js) asks for it with its rows, so that it is drawn in the user's colours; the settings
// sheet (settings.js) changes it, and the live updates (live.js) apply it again when the file
// changes.
import { $$ } from './util.js';
import { get } from './api.js';
import { showError } from './ui.js';

export const PRESETS = [
  ['classic', 'Classic', 'Blue accent, light or dark with your system'],
  ['focus', 'Focus', 'Warm and quiet, for long sessions'],
  ['minimal', 'Minimal', 'Greyscale, nothing extra'],
  ['system', 'System', 'Your system’s colours'],
  ['ink', 'Ink', 'Paper white and deep ink'],
  ['dark-pro', 'Dark Pro', 'Always dark, high contrast'],
];
export const THEME_KEYS = [['accent', 'Accent'], ['background', 'Background'], ['surface', 'Surface'], ['text', 'Text'], ['muted', 'Secondary text'],
  ['border', 'Separators'], ['overdue', 'Overdue'], ['success', 'Completed']];

let theme = { preset: 'classic', overrides: {} };
/** The theme applied: {preset, overrides}. */
export const currentTheme = () => theme;

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
