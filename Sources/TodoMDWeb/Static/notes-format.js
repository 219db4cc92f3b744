// The notes editor's Markdown formatting: bold/italic, headings, lists, dividers, and Enter
// continuing a list — all as edits of the textarea that keep the browser's undo.
import { $ } from './util.js';

/** Replaces [from, to) of the textarea with `text` (keeping the browser's undo when it can). */
function replaceRange(ta, from, to, text, selStart, selEnd) {
  ta.focus();
  ta.setSelectionRange(from, to);
  if (!document.execCommand || !document.execCommand('insertText', false, text)) {
    ta.setRangeText(text, from, to, 'end');
    ta.dispatchEvent(new Event('input'));
  }
  if (selStart != null) ta.setSelectionRange(selStart, selEnd == null ? selStart : selEnd);
}

export function wrap(mark) {
  const ta = $('#note-body');
  const { selectionStart: s, selectionEnd: e, value: v } = ta;
  const inner = v.slice(s, e);
  if (inner.startsWith(mark) && inner.endsWith(mark) && inner.length >= 2 * mark.length) {
    replaceRange(ta, s, e, inner.slice(mark.length, inner.length - mark.length), s, e - 2 * mark.length);
  } else if (v.slice(s - mark.length, s) === mark && v.slice(e, e + mark.length) === mark) {
    replaceRange(ta, s - mark.length, e + mark.length, inner, s - mark.length, e - mark.length);
  } else {
    replaceRange(ta, s, e, mark + inner + mark, s + mark.length, e + mark.length);
  }
}

/** The start and end offsets of the lines the selection touches. */
function lineSpan(ta) {
  const v = ta.value;
  const s = v.lastIndexOf('\n', ta.selectionStart - 1) + 1;
  let e = v.indexOf('\n', Math.max(ta.selectionEnd - (ta.selectionEnd > ta.selectionStart && v[ta.selectionEnd - 1] === '\n' ? 1 : 0), ta.selectionStart));
  if (e < 0) e = v.length;
  return [s, e];
}

function mapLines(fn) {
  const ta = $('#note-body');
  const [s, e] = lineSpan(ta);
  const lines = ta.value.slice(s, e).split('\n');
  const out = fn(lines).join('\n');
  replaceRange(ta, s, e, out, s + out.length);
}

const HEADING = /^#{1,6}\s+/;
const BULLET = /^(\s*)[-*+]\s+(\[[ xX]\]\s+)?/;
const NUMBER = /^(\s*)\d{1,9}[.)]\s+/;

export function heading(level) {
  const mark = '#'.repeat(level) + ' ';
  mapLines((lines) => {
    const all = lines.every((l) => l.startsWith(mark));
    return lines.map((l) => all ? l.slice(mark.length) : mark + l.replace(HEADING, ''));
  });
}

export function listify(kind) {
  mapLines((lines) => {
    const re = kind === 'bullet' ? BULLET : NUMBER;
    const all = lines.filter((l) => l.trim()).every((l) => re.test(l));
    let n = 0;
    return lines.map((l) => {
      if (all) return l.replace(re, '$1');
      if (!l.trim() && lines.length > 1) return l;
      const text = l.replace(BULLET, '$1').replace(NUMBER, '$1');
      const indent = /^\s*/.exec(text)[0];
      n += 1;
      return indent + (kind === 'bullet' ? '- ' : `${n}. `) + text.slice(indent.length);
    });
  });
}

export function divider() {
  const ta = $('#note-body');
  const v = ta.value;
  const at = ta.selectionEnd;
  const lineStart = v.lastIndexOf('\n', at - 1) + 1;
  let lineEnd = v.indexOf('\n', at);
  if (lineEnd < 0) lineEnd = v.length;
  if (!v.slice(lineStart, lineEnd).trim()) {
    // On an empty line: the divider takes it, and the caret goes to a fresh line below. Right
    // under text it needs a blank line first, or Markdown reads the text as a heading.
    const prev = v.slice(v.lastIndexOf('\n', lineStart - 2) + 1, Math.max(lineStart - 1, 0));
    const text = (lineStart > 0 && prev.trim() ? '\n' : '') + '---\n';
    replaceRange(ta, lineStart, lineEnd, text, lineStart + text.length);
  } else {
    replaceRange(ta, lineEnd, lineEnd, '\n\n---\n', lineEnd + 6);
  }
}

/** Enter continues a list (`- `, `* `, `1. `, `- [ ] `); Enter on an empty item ends it. */
export function onBodyKey(e) {
  const ta = e.target;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'b' || e.key === 'i')) {
    e.preventDefault();
    wrap(e.key === 'b' ? '**' : '*');
    return;
  }
  if (e.key !== 'Enter' || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  if (ta.selectionStart !== ta.selectionEnd) return;
  const v = ta.value, at = ta.selectionStart;
  const start = v.lastIndexOf('\n', at - 1) + 1;
  const line = v.slice(start, at);
  const m = /^(\s*)([-*+]|(\d{1,9})([.)]))\s+(\[[ xX]\]\s+)?/.exec(line);
  if (!m) return;
  e.preventDefault();
  if (!line.slice(m[0].length).trim() && v.slice(at, v.indexOf('\n', at) < 0 ? v.length : v.indexOf('\n', at)).trim() === '') {
    // An empty item: end the list, leaving a blank line (Markdown would run on into the list).
    replaceRange(ta, start, at, '\n', start + 1);
    return;
  }
  const marker = m[3] ? `${Number(m[3]) + 1}${m[4]} ` : `${m[2]} `;
  const next = '\n' + m[1] + marker + (m[5] ? '[ ] ' : '');
  replaceRange(ta, at, at, next, at + next.length);
  if (m[3]) renumberAfter(ta, at + next.length, m[1], Number(m[3]) + 1, m[4]);
}

/** After inserting item `n` of a numbered list, the following items of that list count on. */
function renumberAfter(ta, from, indent, n, sep) {
  const v = ta.value;
  let pos = v.indexOf('\n', from);
  if (pos < 0) return;
  let expected = n + 1;
  let out = '';
  let end = pos;
  const re = new RegExp('^' + indent.replace(/[\t ]/g, (c) => (c === '\t' ? '\\t' : ' ')) + '(\\d{1,9})' + (sep === ')' ? '\\)' : '\\.') + '(\\s)');
  let changedAny = false;
  while (pos >= 0 && pos < v.length) {
    const ls = pos + 1;
    const le = v.indexOf('\n', ls) < 0 ? v.length : v.indexOf('\n', ls);
    const line = v.slice(ls, le);
    const m = re.exec(line);
    if (!m) break;
    const fixed = line.replace(re, indent + expected + sep + '$2');
    if (fixed !== line) changedAny = true;
    out += '\n' + fixed;
    end = le;
    expected += 1;
    pos = le < v.length ? le : -1;
  }
  if (changedAny) {
    const start = v.indexOf('\n', from);
    const caret = ta.selectionStart;
    replaceRange(ta, start, end, out, caret);
  }
}

/** The selected lines (1-based, as note_line counts the body). */
export function selectedLines(ta) {
  const v = ta.value;
  const start = ta.selectionStart, end = Math.max(ta.selectionEnd, ta.selectionStart);
  // A selection ending just after a line break does not take in the next line.
  const last = end > start && v[end - 1] === '\n' ? end - 1 : end;
  const first = v.slice(0, start).split('\n').length;
  const upto = v.slice(0, last).split('\n').length;
  const out = [];
  for (let i = first; i <= upto; i++) out.push(i);
  return out;
}
