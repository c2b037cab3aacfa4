/**
 * A small markdown renderer for the editor's preview: headings, paragraphs, lists, quotes,
 * fenced code, inline code, bold, italics and links, built as React elements (never HTML
 * strings), so nothing the writer types can run as markup. Lazy-loaded.
 */
import type { ReactNode } from 'react';

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  let i = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const k = `${key}-${i++}`;
    if (m[1]) out.push(<code key={k}>{m[1].slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong key={k}>{inline(m[2].slice(2, -2), k)}</strong>);
    else if (m[3]) out.push(<em key={k}>{inline(m[3].slice(1, -1), k)}</em>);
    else if (m[4] && m[5]) {
      const safe = /^(https?:|mailto:|\/|#)/i.test(m[5]) ? m[5] : undefined;
      out.push(
        <a key={k} href={safe} rel="noreferrer noopener" target="_blank">
          {m[4]}
        </a>,
      );
    }
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

export function renderMarkdown(source: string): ReactNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: ReactNode[] = [];
  let i = 0;
  let n = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${n++}`;
    const fence = /^(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith(fence[1]!)) body.push(lines[i++]!);
      i++;
      out.push(
        <pre key={key} data-lang={fence[2] || undefined}>
          <code>{body.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const H = `h${heading[1]!.length}` as 'h1';
      out.push(<H key={key}>{inline(heading[2]!, key)}</H>);
      i++;
      continue;
    }
    if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[i]!)) items.push(lines[i++]!.replace(/^\s*([-*+]|\d+[.)])\s+/, ''));
      const L = ordered ? 'ol' : 'ul';
      out.push(
        <L key={key}>
          {items.map((it, j) => (
            <li key={j}>{inline(it, `${key}-${j}`)}</li>
          ))}
        </L>,
      );
      continue;
    }
    if (/^>\s?/.test(line)) {
      const quote: string[] = [];
      while (i < lines.length && /^>\s?/.test(lines[i]!)) quote.push(lines[i++]!.replace(/^>\s?/, ''));
      out.push(<blockquote key={key}>{inline(quote.join(' '), key)}</blockquote>);
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|`{3,}|~{3,}|>|\s*([-*+]|\d+[.)])\s)/.test(lines[i]!))
      para.push(lines[i++]!);
    out.push(<p key={key}>{inline(para.join('\n'), key)}</p>);
  }
  return out;
}

export default function MarkdownPreview({ source, empty }: { source: string; empty: string }) {
  const blocks = renderMarkdown(source);
  return <div className="md-preview prose">{blocks.length ? blocks : <p className="muted">{empty}</p>}</div>;
}
