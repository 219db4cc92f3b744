// "New from template" (§26): the vault's templates (.templates/) in a sheet; one chosen, with an
// optional quick-entry line for its title, creates its task — or a parent with its subtasks.
import { h, kids, $ } from './util.js';
import { get, post } from './api.js';
import { sheet, toast, showError } from './ui.js';

export async function openTemplates(done) {
  let templates = [];
  try { templates = (await get('/templates')).templates || []; } catch (e) { showError(e); return; }
  const text = h('input', { id: 'template-text', class: 'input', autocomplete: 'off', 'aria-label': 'Title and fields (optional)',
    placeholder: 'Optional: a title and fields, e.g. “Lisbon in May !high”' });
  const list = h('div', { class: 'template-list', role: 'radiogroup', 'aria-label': 'Templates' });
  kids(list, ...templates.map((t, i) => h('label', { class: 'template-choice' },
    h('input', { type: 'radio', name: 'template', value: t.name, checked: i === 0 }),
    h('span', { class: 'template-title', text: t.title }),
    h('span', { class: 'template-kind', text: t.project ? `project · ${t.tasks} tasks` : 'task' }))));
  const body = templates.length
    ? h('div', { class: 'templates' }, list, text)
    : h('p', { class: 'muted', text: 'No templates yet. Put a task file in .templates/ in your vault — or a folder of task files whose parent fields point at each other for a project.' });
  sheet('New from template', body, templates.length ? [
    { label: 'Cancel', onClick: (close) => close() },
    { label: 'Create', primary: true, end: true, onClick: async (close) => {
      const chosen = $('input[name="template"]:checked', list);
      if (!chosen) return;
      try {
        const res = await post('/templates/' + encodeURIComponent(chosen.value), { text: text.value.trim() || null });
        close();
        toast(res.tasks.length > 1 ? `Created “${res.tasks[0].title}” with ${res.tasks.length - 1} subtasks.` : `Created “${res.tasks[0].title}”.`);
        done && done(res.tasks);
      } catch (e) { showError(e); }
    } },
  ] : [{ label: 'Close', onClick: (close) => close() }], { cls: 'sheet-small' });
}
