/**
 * Markdown → blocks of plain text that the checks read, each character mapped back to its offset
 * in the source, so every finding is anchored to the text the writer typed (unified/remark keep
 * positions). Code (fenced, indented, inline) is never checked; link text is, link targets are
 * not; autolinks and bare URLs are protected.
 */
import type { Heading, List, Nodes, Root, RootContent } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

export type BlockKind = 'heading' | 'paragraph' | 'listItem' | 'blockquote' | 'code' | 'table' | 'html' | 'thematicBreak';

export interface Block {
  index: number;
  kind: BlockKind;
  /** heading depth 1–6 */
  depth?: number;
  /** code block language ('' when none) */
  lang?: string;
  /** source range of the whole block */
  start: number;
  end: number;
  /** checkable text of the block (code blocks: empty) */
  text: string;
  /** source offset of each character of `text` */
  map: number[];
  /** per character of `text`: true where checks must not match (inline code, URLs) */
  protect: boolean[];
}

export interface ParsedDocument {
  source: string;
  blocks: Block[];
}

const parser = unified().use(remarkParse);

/** Align a node's value with its source slice (escapes, stripped indentation, entities). */
function alignValue(value: string, source: string, from: number, to: number): number[] {
  const out = new Array<number>(value.length);
  let p = from;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    // Look ahead a little for the character; escapes and entities put a few source chars in between.
    let found = -1;
    for (let q = p; q < Math.min(to, p + 12); q++) {
      if (source[q] === ch) {
        found = q;
        break;
      }
    }
    if (found >= 0) {
      out[i] = found;
      p = found + 1;
    } else out[i] = Math.min(p, Math.max(from, to - 1));
  }
  return out;
}

interface Acc {
  text: string;
  map: number[];
  protect: boolean[];
}

function appendInline(node: Nodes, source: string, acc: Acc, protectedRun = false): void {
  const pos = node.position;
  if (node.type === 'text' || node.type === 'inlineCode') {
    if (!pos || pos.start.offset === undefined || pos.end.offset === undefined) return;
    const isCode = node.type === 'inlineCode';
    // inline code: map into the backticks' interior
    const map = alignValue(node.value, source, pos.start.offset, pos.end.offset);
    acc.text += node.value;
    acc.map.push(...map);
    const prot = protectedRun || isCode;
    for (let i = 0; i < node.value.length; i++) acc.protect.push(prot);
    return;
  }
  if (node.type === 'break') {
    if (pos?.start.offset !== undefined) {
      acc.text += '\n';
      acc.map.push(pos.start.offset);
      acc.protect.push(true);
    }
    return;
  }
  if (node.type === 'link') {
    // An autolink's text is its URL: protect it.
    const url = node.url;
    const childText = node.children.map((c) => ('value' in c ? c.value : '')).join('');
    const isAuto = childText === url || `mailto:${childText}` === url;
    for (const c of node.children) appendInline(c, source, acc, protectedRun || isAuto);
    return;
  }
  if ('children' in node) for (const c of node.children as Nodes[]) appendInline(c, source, acc, protectedRun);
}

/** Bare URLs and e-mail addresses inside text are protected too (remark without GFM leaves them as text). */
function protectUrls(acc: Acc): void {
  const re =
    /\b(?:https?:\/\/|www\.)[^\s<>()]+|[\w.+-]+@[\w-]+\.[\w.-]+|\b[\w-]+\.(?:md|ts|tsx|js|jsx|json|py|java|kt|go|rs|yml|yaml|sh|css|html)\b/g;
  for (const m of acc.text.matchAll(re)) for (let i = m.index; i < m.index + m[0].length; i++) acc.protect[i] = true;
}

export function parseMarkdown(source: string): ParsedDocument {
  const tree = parser.parse(source) as Root;
  const blocks: Block[] = [];
  const push = (kind: BlockKind, node: RootContent, acc: Acc | null, extra: Partial<Block> = {}) => {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? start;
    if (acc) protectUrls(acc);
    blocks.push({
      index: blocks.length,
      kind,
      start,
      end,
      text: acc?.text ?? '',
      map: acc?.map ?? [],
      protect: acc?.protect ?? [],
      ...extra,
    });
  };
  const visit = (node: RootContent, inQuote: boolean) => {
    switch (node.type) {
      case 'heading': {
        const acc: Acc = { text: '', map: [], protect: [] };
        for (const c of (node as Heading).children) appendInline(c, source, acc);
        push('heading', node, acc, { depth: (node as Heading).depth });
        return;
      }
      case 'paragraph': {
        const acc: Acc = { text: '', map: [], protect: [] };
        for (const c of node.children) appendInline(c, source, acc);
        push(inQuote ? 'blockquote' : 'paragraph', node, acc);
        return;
      }
      case 'list':
        for (const item of (node as List).children) {
          // A list item's paragraphs are checked one by one, as list items.
          for (const c of item.children) {
            if (c.type === 'paragraph') {
              const acc: Acc = { text: '', map: [], protect: [] };
              for (const k of c.children) appendInline(k, source, acc);
              push('listItem', c, acc);
            } else visit(c, inQuote);
          }
        }
        return;
      case 'blockquote':
        for (const c of node.children) visit(c, true);
        return;
      case 'code':
        push('code', node, null, { lang: node.lang ?? '' });
        return;
      case 'html':
        push('html', node, null);
        return;
      case 'thematicBreak':
        push('thematicBreak', node, null);
        return;
      case 'table':
        push('table', node, null);
        return;
      default:
        return;
    }
  };
  for (const node of tree.children) visit(node, false);
  return { source, blocks };
}

/** Map a [from, to) range of a block's text to the source; null when it crosses markup or protected text. */
export function sourceRange(block: Block, source: string, from: number, to: number): { offset: number; length: number } | null {
  if (from < 0 || to > block.text.length || from >= to) return null;
  for (let i = from; i < to; i++) if (block.protect[i]) return null;
  const offset = block.map[from]!;
  const end = block.map[to - 1]! + 1;
  // The source must read exactly like the text (no **, escapes or line indentation inside).
  if (source.slice(offset, end) !== block.text.slice(from, to)) return null;
  return { offset, length: end - offset };
}
