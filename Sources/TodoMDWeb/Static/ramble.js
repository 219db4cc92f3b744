// The brain dump (§26): free text — typed, or dictated where the browser has speech
// recognition — turned by the server into proposed tasks, shown as editable rows; the approved
// ones are created together. Loaded on first use.
import { h, kids, $, $$, icon, PRIORITY_LABEL } from './util.js';
import { post } from './api.js';
import { sheet, toast, showError } from './ui.js';

/** Opens the brain-dump sheet; `done(tasks)` is called with the created tasks. */
export function openRamble(done) {
  const text = h('textarea', { id: 'ramble-text', class: 'input ramble-text', rows: '5', 'aria-label': 'Brain dump',
    placeholder: 'Say or type everything on your mind — “pick up dry cleaning before friday, oh and call the dentist sometime next week, not urgent…”' });
  const status = h('p', { class: 'ramble-status', role: 'status', 'aria-live': 'polite' });
  const list = h('ol', { class: 'ramble-list', 'aria-label': 'Proposed tasks' });
  const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
  let listening = null;
  const dictate = Recognition ? h('button', { type: 'button', class: 'btn btn-small', 'aria-pressed': 'false', onclick: () => {
    if (listening) { listening.stop(); return; }
    const rec = new Recognition();
    rec.continuous = true;
    rec.interimResults = false;
    rec.lang = document.documentElement.lang || navigator.language || 'en-US';
    rec.onresult = (e) => {
      for (let i = e.resultIndex; i < e.results.length; i++) {
        if (e.results[i].isFinal) text.value += (text.value && !/\s$/.test(text.value) ? ' ' : '') + e.results[i][0].transcript.trim() + '.';
      }
    };
    rec.onend = () => { listening = null; dictate.setAttribute('aria-pressed', 'false'); dictate.lastChild.textContent = 'Dictate'; status.textContent = ''; };
    rec.onerror = (e) => { status.textContent = `Dictation stopped: ${e.error}.`; };
    rec.start();
    listening = rec;
    dictate.setAttribute('aria-pressed', 'true');
    dictate.lastChild.textContent = 'Stop';
    status.textContent = 'Listening…';
  } }, icon('edit'), h('span', { text: 'Dictate' })) : null;

  let proposals = [];
  const row = (p, i) => {
    const field = (key, label, attrs = {}) => h('label', { class: 'ramble-field' }, h('span', { text: label }),
      h('input', { class: 'input', name: key, value: p[key] || '', autocomplete: 'off', 'data-i': String(i), ...attrs }));
    const prio = h('select', { class: 'input select', name: 'priority', 'data-i': String(i), 'aria-label': 'Priority' },
      ['none', 'low', 'medium', 'high'].map((v) => h('option', { value: v, text: PRIORITY_LABEL[v], selected: (p.priority || 'none') === v })));
    return h('li', { class: 'ramble-row' },
      h('label', { class: 'ramble-keep' }, h('input', { type: 'checkbox', checked: true, name: 'keep', 'data-i': String(i), 'aria-label': `Add “${p.title}”` })),
      h('div', { class: 'ramble-fields' },
        h('input', { class: 'input ramble-title', name: 'title', value: p.title, 'data-i': String(i), 'aria-label': `Task ${i + 1} title` }),
        h('div', { class: 'ramble-meta' },
          field('due', 'Due', { placeholder: 'fri' }), field('scheduled', 'When', { placeholder: 'mon' }),
          h('label', { class: 'ramble-field' }, h('span', { text: 'Priority' }), prio),
          field('area', 'Area', { placeholder: 'None' }))));
  };

  async function propose() {
    if (!text.value.trim()) { text.focus(); return; }
    try {
      const res = await post('/ramble', { text: text.value });
      proposals = res.tasks || [];
      kids(list, ...proposals.map(row));
      status.textContent = proposals.length ? `${proposals.length} task${proposals.length === 1 ? '' : 's'} proposed. Edit or untick before adding.` : 'No task found in that text.';
      commitBtn.disabled = !proposals.length;
      const first = $('.ramble-title', list);
      if (first) first.focus();
    } catch (e) { showError(e); }
  }

  // The rows as the review left them: ticked ones, with their edited fields (empty clears).
  function reviewed() {
    const out = [];
    $$('.ramble-row', list).forEach((li, i) => {
      if (!$('input[name="keep"]', li).checked) return;
      const p = { ...proposals[i] };
      for (const el of $$('[name]', li)) {
        if (el.name === 'keep') continue;
        const v = el.value.trim();
        if (el.name === 'priority') { if (v === 'none') delete p.priority; else p.priority = v; continue; }
        if (v) p[el.name] = v; else delete p[el.name];
      }
      if (p.title) out.push(p);
    });
    return out;
  }

  const body = h('div', { class: 'ramble' }, text,
    h('div', { class: 'ramble-actions' }, dictate, h('button', { type: 'button', class: 'btn btn-small', onclick: propose }, h('span', { text: 'Propose tasks' }))),
    status, list);
  let commitBtn;
  const s = sheet('Brain dump', body, [
    { label: 'Cancel', onClick: (close) => close() },
    { label: 'Add tasks', primary: true, end: true, onClick: async (close) => {
      const tasks = reviewed();
      if (!tasks.length) { status.textContent = 'Nothing ticked to add.'; return; }
      try {
        const res = await post('/ramble/commit', { tasks });
        close();
        toast(`Added ${res.tasks.length} task${res.tasks.length === 1 ? '' : 's'} from the brain dump.`);
        done && done(res.tasks);
      } catch (e) { showError(e); }
    } },
  ], { cls: 'sheet-ramble', onClose: () => { if (listening) listening.stop(); } });
  commitBtn = [...s.dialog.querySelectorAll('.sheet-foot button')].pop();
  commitBtn.disabled = true;
  text.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) { e.preventDefault(); propose(); } });
  text.focus();
  return s;
}
