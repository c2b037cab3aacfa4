/**
 * The edge between the HTML libraries and the studio's article reader: linkedom parses a page,
 * @mozilla/readability finds its article, and the reader walks the result as `ArticleNode`s.
 * linkedom's node types are not the DOM's that Readability is typed against, so the one
 * coercion between them lives here, not in module code. Both libraries load on the first use
 * (they are the studio's heaviest imports, not needed at server start).
 */
const libraries = () =>
  Promise.all([import('linkedom'), import('@mozilla/readability')]).then(([l, r]) => ({
    parseHTML: l.parseHTML,
    Readability: r.Readability,
  }));

/** A node as the article reader walks it. */
export interface ArticleNode {
  tagName?: string;
  nodeType: number;
  childNodes: ArrayLike<ArticleNode>;
  textContent: string | null;
  getAttribute?(n: string): string | null;
  classList?: { contains(c: string): boolean };
}

/** A container the reader searches inside (an editor's paragraphs). */
export interface ArticleContainer extends ArticleNode {
  querySelectorAll(selector: string): ArrayLike<ArticleNode & { querySelectorAll(selector: string): ArrayLike<ArticleNode> }>;
}

export interface ArticlePage {
  /** the first element matching `selector`, as a container */
  find(selector: string): ArticleContainer | null;
  /** the trimmed text of the first element matching `selector` ('' when none) */
  text(selector: string): string;
  /** an attribute of the first element matching `selector` ('' when none) */
  attribute(selector: string, name: string): string;
  /** the article Readability finds (its title and its HTML), or null */
  readable(charThreshold: number): { title: string; content: string } | null;
}

/** Parses a fetched page. */
export async function parseArticlePage(html: string): Promise<ArticlePage> {
  const { parseHTML, Readability } = await libraries();
  const { document } = parseHTML(html);
  return {
    find: (selector) => document.querySelector(selector) as unknown as ArticleContainer | null,
    text: (selector) => document.querySelector(selector)?.textContent?.trim() ?? '',
    attribute: (selector, name) => document.querySelector(selector)?.getAttribute(name)?.trim() ?? '',
    readable(charThreshold) {
      const doc = document as unknown as ConstructorParameters<typeof Readability>[0];
      const a = new Readability(doc, { charThreshold }).parse();
      return a?.content ? { title: a.title ?? '', content: a.content } : null;
    },
  };
}

/** The body of an HTML fragment (Readability's article), to walk. */
export async function parseArticleBody(fragment: string): Promise<ArticleNode> {
  const { parseHTML } = await libraries();
  const { document } = parseHTML(`<!doctype html><html><body>${fragment}</body></html>`);
  return document.body as unknown as ArticleNode;
}
