/** A legal text from the `legal` catalogue: title, effective date, contents and sections. */
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header';
import './legal.css';

interface Section {
  title: string;
  paragraphs: string[];
  items: string[];
}

export function LegalDocument({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];
  const list = Array.isArray(sections) ? sections : [];
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t(`${doc}.title`)} lead={t(`${doc}.lead`)}>
        <p className="legal-effective">{t('effective')}</p>
      </PageHeader>
      <div className="container page-body legal">
        <nav className="legal-toc" aria-label={t('toc')}>
          <p>{t('toc')}</p>
          <ol>
            {list.map((s, i) => (
              <li key={i}>
                <a href={`#sec-${i + 1}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="prose">
          {list.map((s, i) => (
            <section key={i} id={`sec-${i + 1}`} aria-labelledby={`sec-${i + 1}-h`}>
              <h2 id={`sec-${i + 1}-h`}>{s.title}</h2>
              {s.paragraphs.map((p, j) => (
                <p key={j}>{p}</p>
              ))}
              {s.items.length > 0 && (
                <ol>
                  {s.items.map((item, j) => (
                    <li key={j}>{item}</li>
                  ))}
                </ol>
              )}
            </section>
          ))}
          <p className="muted">{t('contact')}</p>
          <Link to={doc === 'terms' ? '/privacy' : '/terms'}>{t(`other.${doc}`)}</Link>
        </article>
      </div>
    </>
  );
}
