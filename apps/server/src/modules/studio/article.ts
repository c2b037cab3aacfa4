/**
 * From a fetched page to the markdown the analyzer reads: the article body is found with
 * @mozilla/readability on a linkedom DOM, then written out as plain markdown (headings,
 * paragraphs, lists, quotes, code; no inline markup, so suggestions anchor cleanly).
 *
 * Naver blogs: the desktop address shows the post inside a frame, so blog.naver.com addresses
 * (and PostView.naver?blogId=…&logNo=…) are rewritten to the mobile page, m.blog.naver.com/{id}/{no},
 * which carries the post itself; its SmartEditor container (.se-main-container, or #postViewArea
 * of the old editor) is read directly, one line per editor paragraph.
 */
import { STUDIO_LIMITS } from '@moim/contract';
import { type ArticleContainer, type ArticleNode as El, parseArticleBody, parseArticlePage } from '../../text/article-dom.ts';

export interface Article {
  title: string;
  markdown: string;
  /** true when the article was longer than the analysis limit and was cut at a paragraph */
  truncated: boolean;
}

/** The address to fetch for a user-given URL (Naver blog posts → their mobile page). */
export function fetchableUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return raw;
  }
  const host = u.hostname.toLowerCase();
  if (host === 'blog.naver.com' || host === 'm.blog.naver.com') {
    const blogId = u.searchParams.get('blogId');
    const logNo = u.searchParams.get('logNo');
    if (blogId && logNo && /^\/PostView\.(naver|nhn)$/i.test(u.pathname))
      return `https://m.blog.naver.com/${encodeURIComponent(blogId)}/${encodeURIComponent(logNo)}`;
    const m = /^\/([A-Za-z0-9_-]+)\/(\d+)\/?$/.exec(u.pathname);
    if (m && host === 'blog.naver.com') return `https://m.blog.naver.com/${m[1]}/${m[2]}`;
  }
  return raw;
}

const BLOCK_TAGS = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'HEADER',
  'FOOTER',
  'UL',
  'OL',
  'LI',
  'PRE',
  'BLOCKQUOTE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'TABLE',
  'FIGURE',
  'HR',
]);
const SKIP_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'IFRAME',
  'SVG',
  'IMG',
  'VIDEO',
  'AUDIO',
  'BUTTON',
  'FORM',
  'INPUT',
  'SELECT',
  'TEXTAREA',
  'NAV',
  'ASIDE',
]);

const clean = (s: string) => s.replace(/\u00a0|\u200b|\u200c|\u200d|\ufeff/g, ' ').replace(/[ \t\r\f\v]+/g, ' ');

function inlineText(node: El): string {
  if (node.nodeType === 3) return clean(node.textContent ?? '');
  if (node.nodeType !== 1) return '';
  const tag = node.tagName ?? '';
  if (SKIP_TAGS.has(tag)) return '';
  if (tag === 'BR') return '\n';
  let out = '';
  for (const c of Array.from(node.childNodes)) out += inlineText(c);
  return out;
}

/** Write block structure as markdown; inline markup is dropped on purpose. */
function toMarkdown(node: El, out: string[], listDepth = 0): void {
  if (node.nodeType === 3) {
    const t = clean(node.textContent ?? '').trim();
    if (t) out.push(t);
    return;
  }
  if (node.nodeType !== 1) return;
  const tag = node.tagName ?? '';
  if (SKIP_TAGS.has(tag)) return;
  const heading = /^H([1-6])$/.exec(tag);
  if (heading) {
    const t = inlineText(node).replace(/\s+/g, ' ').trim();
    if (t) out.push(`${'#'.repeat(Number(heading[1]))} ${t}`);
    return;
  }
  if (tag === 'P') {
    const t = inlineText(node)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n');
    if (t) out.push(t);
    return;
  }
  if (tag === 'PRE') {
    const code = (node.textContent ?? '').replace(/\n+$/, '');
    if (code.trim()) out.push(`\`\`\`\n${code}\n\`\`\``);
    return;
  }
  if (tag === 'BLOCKQUOTE') {
    const inner: string[] = [];
    for (const c of Array.from(node.childNodes)) toMarkdown(c, inner, listDepth);
    const t = inner.join('\n\n').trim();
    if (t)
      out.push(
        t
          .split('\n')
          .map((l) => (l ? `> ${l}` : '>'))
          .join('\n'),
      );
    return;
  }
  if (tag === 'UL' || tag === 'OL') {
    const items: string[] = [];
    let n = 1;
    for (const li of Array.from(node.childNodes)) {
      if (li.nodeType !== 1 || li.tagName !== 'LI') continue;
      const t = inlineText(li).replace(/\s+/g, ' ').trim();
      if (t) items.push(`${'  '.repeat(listDepth)}${tag === 'OL' ? `${n++}.` : '-'} ${t}`);
    }
    if (items.length) out.push(items.join('\n'));
    return;
  }
  if (tag === 'HR') return;
  // Containers: blocks inside become separate blocks; loose inline text becomes a paragraph.
  let inline = '';
  const flush = () => {
    const t = inline.replace(/\s+/g, ' ').trim();
    if (t) out.push(t);
    inline = '';
  };
  for (const c of Array.from(node.childNodes)) {
    if (c.nodeType === 1 && (BLOCK_TAGS.has(c.tagName ?? '') || SKIP_TAGS.has(c.tagName ?? ''))) {
      flush();
      toMarkdown(c, out, listDepth);
    } else inline += inlineText(c);
  }
  flush();
}

/** Naver SmartEditor ONE: components in order; text paragraphs joined until an empty one. */
function naverMarkdown(container: ArticleContainer): string[] {
  const out: string[] = [];
  for (const comp of Array.from(container.querySelectorAll('.se-component'))) {
    const cls = comp.classList!;
    if (cls.contains('se-sectionTitle') || cls.contains('se-documentTitle')) {
      const t = inlineText(comp).replace(/\s+/g, ' ').trim();
      if (t) out.push(`${cls.contains('se-documentTitle') ? '#' : '##'} ${t}`);
    } else if (cls.contains('se-code')) {
      const code = (comp.textContent ?? '').replace(/^\n+|\n+$/g, '');
      if (code.trim()) out.push(`\`\`\`\n${code}\n\`\`\``);
    } else if (cls.contains('se-quotation')) {
      const t = inlineText(comp).replace(/\s+/g, ' ').trim();
      if (t) out.push(`> ${t}`);
    } else if (cls.contains('se-text')) {
      let para: string[] = [];
      for (const p of Array.from(comp.querySelectorAll('p'))) {
        const line = inlineText(p).replace(/\s+/g, ' ').trim();
        if (line) para.push(line);
        else if (para.length) {
          out.push(para.join('\n'));
          para = [];
        }
      }
      if (para.length) out.push(para.join('\n'));
    }
  }
  return out;
}

function truncate(blocks: string[]): { markdown: string; truncated: boolean } {
  let markdown = '';
  for (const b of blocks) {
    const next = markdown ? `${markdown}\n\n${b}` : b;
    if (next.length > STUDIO_LIMITS.textMax) return { markdown: markdown || b.slice(0, STUDIO_LIMITS.textMax), truncated: true };
    markdown = next;
  }
  return { markdown, truncated: false };
}

export async function extractArticle(html: string, url: string): Promise<Article | null> {
  const page = await parseArticlePage(html);
  const pageTitle = page.attribute('meta[property="og:title"]', 'content') || page.text('title');
  const host = (() => {
    try {
      return new URL(url).hostname;
    } catch {
      return '';
    }
  })();

  if (/(^|\.)blog\.naver\.com$/.test(host)) {
    const se = page.find('.se-main-container');
    const old = page.find('#postViewArea');
    const blocks: string[] = se ? naverMarkdown(se) : [];
    if (!se && old) toMarkdown(old, blocks);
    const title = page.text('.se-title-text').replace(/\s+/g, ' ').trim() || pageTitle.replace(/\s*:\s*네이버 블로그$/, '');
    if (blocks.length) {
      if (blocks[0]?.startsWith('# ')) blocks.shift();
      const { markdown, truncated } = truncate(blocks);
      return { title, markdown: title ? `# ${title}\n\n${markdown}` : markdown, truncated };
    }
  }

  const article = page.readable(200);
  if (!article) return null;
  const blocks: string[] = [];
  toMarkdown(await parseArticleBody(article.content), blocks);
  const title = article.title.trim() || pageTitle;
  // Readability keeps the article's own H1 sometimes; do not repeat the title as a heading.
  if (blocks[0] && title && blocks[0].replace(/^#+\s*/, '') === title) blocks.shift();
  const { markdown, truncated } = truncate(blocks);
  return markdown.trim() ? { title, markdown: title ? `# ${title}\n\n${markdown}` : markdown, truncated } : null;
}
