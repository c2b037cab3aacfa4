import type { ReactNode } from 'react';

/** The title block at the top of a content page. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  id = 'page-title',
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  id?: string;
}) {
  return (
    <header className="page-header">
      <div className="container">
        {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
        <h1 id={id} className="page-header__title">
          {title}
        </h1>
        {lead && <p className="page-header__lead">{lead}</p>}
        {children}
      </div>
    </header>
  );
}
