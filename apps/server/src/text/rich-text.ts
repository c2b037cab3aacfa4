/**
 * Shared by every module that stores user-written rich text (study pages, projects).
 *
 * The allow-list sanitizer for leader-written rich text, run on the server before anything is
 * stored: p, h2–h4, strong, em, a (http, https and mailto links only, always
 * rel="noopener noreferrer"), ul/ol/li, blockquote, code, pre, br. Everything else goes —
 * scripts and styles with their content, every other tag (its text kept), every attribute other
 * than a link's href (so no on* handlers, no style, no javascript: or data: URLs).
 */
import sanitizeHtml from 'sanitize-html';

/** http(s) and mailto links, or a path on this site; control characters and spaces cannot hide a scheme. */
function safeHref(raw: string): boolean {
  // eslint-disable-next-line no-control-regex
  const href = raw.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  if (/^(https?:\/\/|mailto:)/i.test(href)) return true;
  return /^\/(?!\/)/.test(href) || /^#/.test(href);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'br'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math'],
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link keeps only a safe href (and gets rel); with an unsafe one it loses every attribute
    // and `exclusiveFilter` drops the tag, keeping its text. (Renaming it to a disallowed tag
    // instead trips sanitize-html 2.17: the discarded rename lingers and the next link at the
    // same depth is closed with the wrong tag.)
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? '';
      return safeHref(href) ? { tagName: 'a', attribs: { href, rel: 'noopener noreferrer' } } : { tagName: 'a', attribs: {} };
    },
  },
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The plain text of sanitized rich text (search columns, previews): tags dropped, entities decoded, spaces collapsed. */
export function richTextToPlain(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h[2-4]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math'],
  });
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
