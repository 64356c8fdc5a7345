/**
 * A small, safe Markdown subset for answers: paragraphs, bullet and numbered lists, headings, **bold**,
 * *emphasis* and `code`. Everything is built as DOM nodes from text, so model output can never inject HTML.
 */
import { append, h } from './dom';

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)/g;

function inline(text: string): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const token = match[0];
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    if (token.startsWith('**')) out.push(h('strong', { text: token.slice(2, -2) }));
    else if (token.startsWith('`')) out.push(h('code', { text: token.slice(1, -1) }));
    else out.push(h('em', { text: token.slice(1, -1) }));
    last = at + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function withBreaks(lines: string[]): (Node | string)[] {
  const out: (Node | string)[] = [];
  lines.forEach((line, index) => {
    if (index > 0) out.push(h('br'));
    out.push(...inline(line));
  });
  return out;
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;

/** Renders Markdown-ish text into a fragment. */
export function renderMarkdown(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    let index = 0;
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) append(fragment, h('p', {}, ...withBreaks(paragraph)));
      paragraph = [];
    };
    while (index < lines.length) {
      const line = lines[index] ?? '';
      const heading = HEADING.exec(line);
      const listKind = BULLET.test(line) ? 'ul' : NUMBERED.test(line) ? 'ol' : undefined;
      if (heading) {
        flush();
        append(fragment, h('p', { class: 'md-heading' }, ...inline(heading[1] ?? '')));
        index += 1;
      } else if (listKind) {
        flush();
        const pattern = listKind === 'ul' ? BULLET : NUMBERED;
        const list = h(listKind);
        while (index < lines.length) {
          const item = pattern.exec(lines[index] ?? '');
          if (!item) break;
          append(list, h('li', {}, ...inline(item[1] ?? '')));
          index += 1;
        }
        append(fragment, list);
      } else {
        paragraph.push(line);
        index += 1;
      }
    }
    flush();
  }
  return fragment;
}
