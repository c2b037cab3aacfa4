/**
 * Rich text written by a leader. The server sanitizes every `html`/`*Html` field with an
 * allow-list before storing it (contract: study-pages.ts), so this is the one place the web
 * renders HTML; never pass anything else here.
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  return <div className={`st-prose ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
