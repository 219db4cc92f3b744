// The detail editor's structure (§23): the task's subtasks with a quick add, its checklist as
// tappable boxes, the tasks it waits for ("Blocked by") with a picker, and the sequential switch.
import { h, icon, debounce } from './util.js';
import { get, post, patch, ref, qs } from './api.js';
import { showError } from './ui.js';

/** The checklist items of a body, as the core reads them: `- [ ] x` / `- [x] x` (also `*`, `+`,
 *  any indent), not inside fenced code. */
export function checklistItems(body) {
  const items = [];
  let fence = null;
  for (const line of (body || '').split('\n')) {
    const trimmed = line.replace(/^[ \t]+/, '');
    const marker = trimmed.slice(0, 3);
    if (marker === '```' || marker === '~~~') { fence = fence === null ? marker : fence === marker ? null : fence; continue; }
    if (fence !== null) continue;
    const m = /^[-*+] \[( |x|X)\](?:[ \r]|$)(.*)$/.exec(trimmed);
    if (m) items.push({ checked: m[1] !== ' ', text: m[2].trim() });
  }
  return items;
}

const referenceText = (item) => typeof item === 'string' ? item : (item && item.uid) || JSON.stringify(item);

let drawing = 0;
/**
 * Draws the structure of task `t` into `box`. `reload()` reads the task again after a change;
 * `open(id)` opens another task in the editor.
 */
export async function fillStructure(box, t, { reload, open }) {
  const mine = ++drawing;
  const done = t.status === 'done' || t.status === 'cancelled';
  const kids = await Promise.all((t.children || []).map((id) => get(`/tasks/${ref(id)}`).catch(() => null)));
  if (mine !== drawing) return; // a newer drawing started meanwhile

  // Subtasks, with a quick add.
  const add = h('input', { class: 'input d-subadd', 'aria-label': 'Add a subtask', placeholder: 'Add a subtask', autocomplete: 'off', enterkeyhint: 'done' });
  add.addEventListener('keydown', async (e) => {
    if (e.key !== 'Enter' || !add.value.trim()) return;
    e.preventDefault();
    e.stopPropagation();
    try {
      await post('/tasks', { title: add.value.trim(), parent: t.id });
      add.value = '';
      await reload();
    } catch (err) { showError(err); }
  });
  const progress = t.progress ? `${t.progress.done} of ${t.progress.total} done` : '';
  const subList = h('ul', { class: 'd-sublist', 'aria-label': 'Subtasks' }, kids.filter(Boolean).map((k) => {
    const kDone = k.status === 'done' || k.status === 'cancelled';
    return h('li', { class: 'd-sub' + (kDone ? ' is-done' : '') },
      h('button', { type: 'button', class: 'check small', 'aria-pressed': String(kDone), 'aria-label': (kDone ? 'Reopen ' : 'Complete ') + k.title,
        onclick: async () => {
          try { await post(`/tasks/${ref(k.id)}/${kDone ? 'reopen' : 'complete'}`, kDone ? {} : { with_subtasks: true }); await reload(); } catch (err) { showError(err); }
        } }, icon('check')),
      h('button', { type: 'button', class: 'd-sub-title', text: k.title, onclick: () => open(k.id) }),
      k.blocked && !kDone ? h('span', { class: 'chip blocked' }, icon('clock'), h('span', { text: 'Blocked' })) : null);
  }));
  const parts = [h('div', { class: 'd-section' },
    h('h2', { class: 'd-label', text: 'Subtasks' }, progress ? h('span', { class: 'd-count', text: ' · ' + progress }) : null),
    subList, done ? null : add)];

  // The checklist of the notes.
  const items = checklistItems(t.body);
  if (items.length) {
    parts.push(h('div', { class: 'd-section' },
      h('h2', { class: 'd-label', text: 'Checklist' }, h('span', { class: 'd-count', text: ` · ${items.filter((i) => i.checked).length} of ${items.length}` })),
      h('ul', { class: 'd-checklist' }, items.map((item, i) => {
        const id = `d-cl-${i}`;
        const box = h('input', { type: 'checkbox', id, checked: item.checked ? '' : null });
        box.checked = item.checked;
        box.addEventListener('change', async () => {
          try { await post(`/tasks/${ref(t.id)}/check`, { item: i + 1, checked: box.checked }); await reload(); } catch (err) { showError(err); box.checked = !box.checked; }
        });
        return h('li', null, box, h('label', { for: id, text: item.text || '(empty)' }));
      }))));
  }

  // Blocked by: chips, and a search to add one.
  const blockers = t.blocked_by || [];
  const results = h('ul', { class: 'd-pick', 'aria-label': 'Matching tasks' });
  const search = h('input', { class: 'input', 'aria-label': 'Add a task this one waits for', placeholder: 'Wait for… (search)', autocomplete: 'off' });
  const setBlockers = async (list) => { try { await patch(`/tasks/${ref(t.id)}`, { blocked_by: list }); await reload(); } catch (err) { showError(err); } };
  search.addEventListener('input', debounce(async () => {
    const q = search.value.trim();
    if (!q) { results.replaceChildren(); return; }
    try {
      const L = await get('/search' + qs({ q }));
      const found = L.groups.flatMap((g) => g.tasks).filter((x) => x.id !== t.id && x.status !== 'done' && x.status !== 'cancelled').slice(0, 6);
      results.replaceChildren(...found.map((x) => h('li', null, h('button', { type: 'button', class: 'choice', text: x.title,
        onclick: () => { search.value = ''; results.replaceChildren(); setBlockers([...blockers, x.id]); } }))));
    } catch (err) { showError(err); }
  }, 200));
  parts.push(h('div', { class: 'd-section' },
    h('h2', { class: 'd-label', text: 'Blocked by' }),
    t.blocked && !done ? h('p', { class: 'd-blocked' }, icon('clock'), h('span', { text: ' Waiting: not in Today or Anytime until these are done.' })) : null,
    h('ul', { class: 'd-tags', 'aria-label': 'Blocked by' }, blockers.map((b, i) => h('li', { class: 'tag-chip' }, h('span', { text: referenceText(b) }),
      h('button', { type: 'button', class: 'tag-x', 'aria-label': `Stop waiting for ${referenceText(b)}`, onclick: () => setBlockers(blockers.filter((_, j) => j !== i)) }, icon('x'))))),
    search, results));

  // Sequential: only the first open subtask is available.
  const seq = h('input', { type: 'checkbox', id: 'd-seq' });
  seq.checked = !!t.sequential;
  seq.addEventListener('change', async () => { try { await patch(`/tasks/${ref(t.id)}`, { sequential: seq.checked }); await reload(); } catch (err) { showError(err); } });
  parts.push(h('div', { class: 'd-section d-inline' }, h('span', { class: 'switch' }, seq, h('span', { class: 'switch-track', 'aria-hidden': 'true' })),
    h('label', { for: 'd-seq', text: 'Sequential: subtasks one at a time, in order' })));

  box.replaceChildren(...parts);
}
