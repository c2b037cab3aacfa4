/** /whoweare: the team, each member with a quote, role, bio and links. */
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { Avatar } from '../../shared/ui/avatar';
import { PageHeader } from '../../shared/ui/page-header';
import { MemberLinks, MembersState } from './members-state';
import { WhoWeAreNav } from './whoweare-nav';
import { usePersonaText } from './persona-text';
import './whoweare.css';

export default function WhoWeArePage() {
  const { t } = useTranslation('whoweare');
  const persona = usePersonaText();
  const values = t('values', { returnObjects: true }) as Array<{ title: string; body: string }>;
  return (
    <>
      <PageHeader eyebrow="WHO WE ARE" title={t('title')} lead={t('lead')}>
        <WhoWeAreNav />
      </PageHeader>
      <div className="container page-body">
        <ul className="values">
          {(Array.isArray(values) ? values : []).map((v, i) => (
            <li key={i}>
              <strong>{v.title}</strong>
              <span className="muted">{v.body}</span>
            </li>
          ))}
        </ul>
        <h2 className="whoweare-h2">{t('teamTitle')}</h2>
        <MembersState>
          {(members) => (
            <ul className="members">
              {members.map((m) => (
                <li key={m.id} className="member">
                  <Avatar name={m.name} src={m.profileImage} size={88} />
                  <div className="member__body">
                    <h3 data-user-content="">{m.name}</h3>
                    <p className="member__role">{persona(m, 'roleTitle')}</p>
                    {m.quote && <blockquote className="member__quote">{persona(m, 'quote', (q) => `“${q}”`)}</blockquote>}
                    {m.bio && <p className="member__bio">{persona(m, 'bio')}</p>}
                    <p className="member__since">{t('since', { year: m.joinedYear })}</p>
                    <MemberLinks member={m} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </MembersState>
        <div className="whoweare-join">
          <h2>{t('joinTitle')}</h2>
          <p className="muted">{t('joinBody')}</p>
          <div className="row">
            <Link to="/study" className="btn btn-primary">
              {t('joinStudies')}
            </Link>
            <Link to="/guide/study-leader" className="btn btn-secondary">
              {t('joinLead')}
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
