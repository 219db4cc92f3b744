// A note's Markdown preview, drawn with DOM nodes (never as HTML): headings, quotes, lists,
// checkboxes, rules and inline emphasis.
import { h } from './util.js';

function inline(text) {
  const out = [];
  const re = /(\*\*|__)(.+?)\1|~~(.+?)~~|(?<![\w*])\*(?!\s)(.+?)\*(?![\w*])|(?<![\w_])_(?!\s)(.+?)_(?![\w_])|`([^`]+)`|\[\[([^\]]+)\]\]|\[([^\]]*)\]\(([^)\s]*)\)/g;
  let last = 0, m;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[2] != null) out.push(h('strong', null, inline(m[2])));
    else if (m[3] != null) out.push(h('del', null, inline(m[3])));
    else if (m[4] != null || m[5] != null) out.push(h('em', null, inline(m[4] != null ? m[4] : m[5])));
    else if (m[6] != null) out.push(h('code', { text: m[6] }));
    else if (m[7] != null) out.push(h('span', { class: 'note-wikilink', text: m[7] }));
    else {
      const safe = /^https?:\/\//i.test(m[9]);
      out.push(safe ? h('a', { href: m[9], target: '_blank', rel: 'noopener noreferrer', text: m[8] || m[9] }) : m[8]);
    }
    last = re.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function renderMarkdown(src) {
  const nodes = [];
  let list = null, para = null;
  const end = () => { list = null; para = null; };
  for (const line of src.split('\n')) {
    let m;
    if (!line.trim()) { end(); continue; }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) { end(); nodes.push(h('hr')); continue; }
    if ((m = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(line))) { end(); nodes.push(h('h' + Math.min(m[1].length + 1, 6), null, inline(m[2]))); continue; }
    if ((m = /^\s*>\s?(.*)$/.exec(line))) { end(); nodes.push(h('blockquote', null, inline(m[1]))); continue; }
    if ((m = /^\s*(?:([-*+])|(\d{1,9})[.)])\s+(?:\[([ xX])\]\s+)?(.*)$/.exec(line))) {
      const tag = m[1] ? 'ul' : 'ol';
      if (!list || list.tagName.toLowerCase() !== tag) {
        list = h(tag, m[2] && m[2] !== '1' ? { start: m[2] } : null);
        nodes.push(list);
        para = null;
      }
      const box = m[3] != null ? h('span', { class: 'note-box' + (m[3] !== ' ' ? ' done' : ''), 'aria-label': m[3] !== ' ' ? 'done' : 'to do', role: 'img', text: m[3] !== ' ' ? '☑' : '☐' }) : null;
      list.append(h('li', null, box, inline(m[4])));
      continue;
    }
    if (para) { para.append(h('br'), ...inline(line)); continue; }
    list = null;
    para = h('p', null, inline(line));
    nodes.push(para);
  }
  return nodes.length ? nodes : [h('p', { class: 'note-preview-empty', text: 'Nothing written yet.' })];
}

