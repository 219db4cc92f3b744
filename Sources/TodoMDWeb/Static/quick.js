// Quick entry: one line of text parsed by the server (live preview), added to the route's
// area, project or tag when the text names none.
import { h, kids, $, debounce, icon } from './util.js';
import { post } from './api.js';
import { toast, showError } from './ui.js';
import { route, setCursor, isDoneRoute } from './state.js';
import { go, follow } from './router.js';
import { doingHash } from './header.js';
import { refresh } from './list.js';
import { openEditor } from './lazy.js';

let parseSeq = 0;
export const previewParse = debounce(async (text) => {
  const seq = ++parseSeq;
  const out = $('#quick-preview');
  if (!text.trim()) { out.replaceChildren(); return; }
  try {
    const res = await post('/parse', { text });
    if (seq !== parseSeq) return;
    const title = res.task && res.task.title;
    kids(out,
      title ? h('span', { class: 'qp-title', text: title }) : null,
      res.preview ? h('span', { class: 'qp-rest', text: (title ? ' · ' : '') + res.preview }) : null);
  } catch (e) {
    if (seq === parseSeq) out.replaceChildren(h('span', { class: 'qp-err', text: e.message }));
  }
}, 120);

function quickContext(text) {
  const r = route();
  const extra = {};
  if (r.kind !== 'view') return [text, extra];
  const m = /^(area|project|tag):(.*)$/.exec(r.id);
  if (m && m[1] === 'project' && !/(^|\s)\+\S/.test(text)) extra.project = m[2];
  if (m && m[1] === 'area' && !/(^|\s)@\S/.test(text) && !/(^|\s)\+\S/.test(text)) extra.area = m[2];
  if (m && m[1] === 'tag' && /^[\p{L}\p{N}_/-]+$/u.test(m[2]) && !new RegExp(`(^|\\s)#${m[2].replace(/[/-]/g, '\\$&')}(\\s|$)`).test(text)) text += ' #' + m[2];
  if (r.id === 'someday') extra.status = 'someday';
  if (r.id === 'flagged') extra.flagged = true;
  return [text, extra];
}

async function quickSubmit(e) {
  e.preventDefault();
  const input = $('#quick-input');
  const raw = input.value.trim();
  if (!raw) return;
  const [text, extra] = quickContext(raw);
  input.disabled = true;
  try {
    const t = await post('/tasks', { text, ...extra });
    input.value = '';
    $('#quick-preview').replaceChildren();
    parseSeq++;
    const r = route();
    const where = !t.area && !t.project && !(r.kind === 'view' && r.id === 'inbox') && !t.due && !t.scheduled && t.status !== 'someday' ? ' to the Inbox' : '';
    toast(`Added “${t.title}”${where}.`, { action: 'Open', onAction: () => openEditor(t.id) });
    setCursor(t.id);
    refresh(0);
  } catch (err) { showError(err); }
  input.disabled = false;
  input.focus();
}

/** Puts the caret in the quick-entry field (the `n` key, the + button). Completed tasks (the
 *  Logbook) have no quick entry: it opens in the list of open tasks they belong to. */
export function focusQuick() {
  if (isDoneRoute()) { go(doingHash()); follow(); }
  $('#scroll').scrollTop = 0;
  const q = $('#quick-input');
  q.focus();
}

/** The brain dump (§26): a sheet loaded on first use. */
export async function openBrainDump() {
  try { (await import('./ramble.js')).openRamble(() => refresh(0)); } catch (e) { showError(e); }
}

/** "New from template" (§26): a sheet loaded on first use. */
export async function openTemplatePicker() {
  try { (await import('./templates.js')).openTemplates(() => refresh(0)); } catch (e) { showError(e); }
}

export function wireQuick() {
  $('#quick').addEventListener('submit', quickSubmit);
  const dump = h('button', { type: 'button', class: 'icon-btn small quick-dump', 'aria-label': 'Brain dump: many tasks at once', title: 'Brain dump (b)', onclick: openBrainDump }, icon('edit'));
  const fromTemplate = h('button', { type: 'button', class: 'icon-btn small quick-template', 'aria-label': 'New from template', title: 'New from template', onclick: openTemplatePicker }, icon('copy'));
  $('#quick').append(dump, fromTemplate);
  $('#quick-input').addEventListener('input', (e) => previewParse(e.target.value));
  $('#fab').addEventListener('click', focusQuick);
}
