/** /whoweare-hybrid-archive: the team as an archive, grouped by the year each member joined. */
import { useTranslation } from '../../shared/i18n';
import { Avatar } from '../../shared/ui/avatar';
import { PageHeader } from '../../shared/ui/page-header';
import type { Member } from './api';
import { MembersState } from './members-state';
import { WhoWeAreNav } from './whoweare-nav';
import { usePersonaText } from './persona-text';
import './whoweare.css';

function byYear(members: Member[]): Array<[number, Member[]]> {
  const groups = new Map<number, Member[]>();
  for (const m of members) groups.set(m.joinedYear, [...(groups.get(m.joinedYear) ?? []), m]);
  return [...groups.entries()].sort((a, b) => b[0] - a[0]);
}

export default function WhoWeAreArchivePage() {
  const { t } = useTranslation('whoweare');
  const persona = usePersonaText();
  return (
    <>
      <PageHeader eyebrow="WHO WE ARE" title={t('archiveTitle')} lead={t('archiveLead')}>
        <WhoWeAreNav />
      </PageHeader>
      <div className="container page-body">
        <MembersState>
          {(members) => (
            <div className="archive">
              {byYear(members).map(([year, list]) => (
                <section key={year} className="archive__year" aria-labelledby={`y-${year}`}>
                  <h2 id={`y-${year}`}>
                    {year} <span className="muted">{t('archiveCount', { count: list.length })}</span>
                  </h2>
                  <ul>
                    {list.map((m) => (
                      <li key={m.id}>
                        <Avatar name={m.name} src={m.profileImageThumb ?? m.profileImage} size={44} />
                        <div>
                          <strong data-user-content="">{m.name}</strong> <span className="muted">· {persona(m, 'roleTitle')}</span>
                          {m.bio && <p>{persona(m, 'bio')}</p>}
                        </div>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </MembersState>
      </div>
    </>
  );
}
