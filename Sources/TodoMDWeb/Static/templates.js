// "New from template" (§26): the vault's templates (.templates/) in a sheet; one chosen, with an
// optional quick-entry line for its title, creates its task — or a parent with its subtasks.
import { h, kids, $, icon } from './util.js';
import { get, post, del } from './api.js';
import { sheet, toast, showError, confirmSheet } from './ui.js';

/** A template's title with each {{placeholder}} drawn as a chip, not as braces. */
function patternTitle(title) {
  const out = h('span', { class: 'template-title' });
  let rest = title;
  for (let open = rest.indexOf('{{'); open >= 0; open = rest.indexOf('{{')) {
    const close = rest.indexOf('}}', open + 2);
    if (close < 0) break;
    if (open > 0) out.append(rest.slice(0, open));
    out.append(h('span', { class: 'template-slot', text: rest.slice(open + 2, close).trim() }));
    rest = rest.slice(close + 2);
  }
  if (rest) out.append(rest);
  return out;
}

export async function openTemplates(done) {
  let templates = [];
  try { templates = (await get('/templates')).templates || []; } catch (e) { showError(e); return; }
  const hint = h('p', { id: 'template-hint', class: 'template-hint', 'aria-live': 'polite' });
  const text = h('input', { id: 'template-text', class: 'input', autocomplete: 'off', 'aria-describedby': 'template-hint' });
  const list = h('div', { class: 'template-list', role: 'radiogroup', 'aria-label': 'Templates' });
  kids(list, ...templates.map((t, i) => h('label', { class: 'template-choice' },
    h('input', { type: 'radio', name: 'template', value: t.name, checked: i === 0 }),
    patternTitle(t.title),
    h('span', { class: 'template-kind', text: t.project ? `project · ${t.tasks} tasks` : 'task' }),
    h('button', { type: 'button', class: 'icon-btn small danger template-delete', 'aria-label': `Delete template ${t.name}`,
      title: 'Delete template', onclick: (e) => { e.preventDefault(); remove(t, e.currentTarget.closest('.template-choice')); } }, icon('trash')))));
  // A template deleted from the sheet goes to .trash/Templates/; the sheet goes on with the rest.
  const remove = async (t, row) => {
    if (!(await confirmSheet('Delete this template?', `“${t.name}” moves to the vault’s .trash/Templates folder.`))) return;
    try {
      await del('/templates/' + encodeURIComponent(t.name));
      templates = templates.filter((x) => x !== t);
      const wasChosen = $('input', row).checked;
      row.remove();
      toast(`Deleted template “${t.name}”.`);
      if (!templates.length) { close(); return; }
      if (wasChosen) { $('input[name="template"]', list).checked = true; describe(); }
    } catch (e) { showError(e); }
  };
  const chosen = () => templates.find((t) => t.name === $('input[name="template"]:checked', list)?.value);
  // A template titled "Trip to {{title}}" needs the words for it; any other takes them as its title.
  const describe = () => {
    const t = chosen();
    const needs = !!(t && t.needs_title);
    text.required = needs;
    text.removeAttribute('aria-invalid');
    text.placeholder = needs ? 'Title (needed), e.g. “Lisbon !high”' : 'Optional: title, e.g. “Lisbon !high”';
    text.setAttribute('aria-label', needs ? 'Title and fields' : 'Title and fields (optional)');
    hint.textContent = '';
  };
  list.addEventListener('change', describe);
  describe();
  const create = async (close) => {
    const t = chosen();
    if (!t) return;
    const line = text.value.trim();
    if (t.needs_title && !line) {
      text.setAttribute('aria-invalid', 'true');
      hint.textContent = `Type a title for “${t.title.replace(/\{\{\s*title\s*\}\}/gi, "…")}”.`;
      text.focus();
      return;
    }
    try {
      const res = await post('/templates/' + encodeURIComponent(t.name), { text: line || null });
      close();
      toast(res.tasks.length > 1 ? `Created “${res.tasks[0].title}” with ${res.tasks.length - 1} subtask${res.tasks.length === 2 ? '' : 's'}.` : `Created “${res.tasks[0].title}”.`);
      done && done(res.tasks);
    } catch (e) { showError(e); }
  };
  const body = templates.length
    ? h('div', { class: 'templates' }, list, text, hint)
    : h('p', { class: 'muted', text: 'No templates yet. Open a task and choose Save as template (its subtasks come along), or put a task file in the vault’s .templates folder.' });
  const { close } = sheet('New from template', body, templates.length ? [
    { label: 'Cancel', onClick: (c) => c() },
    { label: 'Create', primary: true, end: true, onClick: create },
  ] : [{ label: 'Close', onClick: (c) => c() }], { cls: 'sheet-small' });
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.isComposing) { e.preventDefault(); create(close); }
  });
}

/** "Save as template": task `t` (with its subtasks) becomes a template under a name the user may
 * give; the server picks one from the title otherwise, and refuses a name already taken. */
export function saveAsTemplate(t) {
  const subtasks = (t.children || []).length;
  const hint = h('p', { id: 'save-template-hint', class: 'template-hint', 'aria-live': 'polite' });
  const name = h('input', { id: 'save-template-name', class: 'input', autocomplete: 'off', 'aria-describedby': 'save-template-hint',
    'aria-label': 'Template name (optional)', placeholder: 'Name (optional: from the title)' });
  const body = h('div', { class: 'templates' },
    h('p', { class: 'muted', text: `“${t.title}”${subtasks ? ' with its subtasks' : ''} becomes a template in .templates/. Its dates move with the day you use it; checklists start unchecked.` }),
    name, hint);
  const save = async (close) => {
    try {
      const res = await post('/templates', { task: t.id, name: name.value.trim() || null });
      close();
      toast(`Saved template “${res.name}”. Use it from New from template.`);
    } catch (e) {
      name.setAttribute('aria-invalid', 'true');
      hint.textContent = e.message || String(e);
      name.focus();
    }
  };
  const { close } = sheet('Save as Template', body, [
    { label: 'Cancel', onClick: (c) => c() },
    { label: 'Save', primary: true, end: true, onClick: save },
  ], { cls: 'sheet-small' });
  name.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.isComposing) { e.preventDefault(); save(close); }
  });
}
