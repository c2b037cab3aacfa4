/** /whoweare-original: the same team as a plain card grid. */
import { useTranslation } from '../../shared/i18n';
import { Avatar } from '../../shared/ui/avatar';
import { PageHeader } from '../../shared/ui/page-header';
import { MemberLinks, MembersState } from './members-state';
import { WhoWeAreNav } from './whoweare-nav';
import { usePersonaText } from './persona-text';
import './whoweare.css';

/** The cards whose photos load at once: about the first row at 1280 px, the first screen on a phone. */
const EAGER_PHOTOS = 4;

export default function WhoWeAreOriginalPage() {
  const { t } = useTranslation('whoweare');
  const persona = usePersonaText();
  return (
    <>
      <PageHeader eyebrow="WHO WE ARE" title={t('gridTitle')} lead={t('gridLead')}>
        <WhoWeAreNav />
      </PageHeader>
      <div className="container page-body">
        <MembersState>
          {(members) => (
            <ul className="member-grid">
              {members.map((m, i) => (
                <li key={m.id} className="card member-card">
                  {/* the first cards fill a phone's first screen: their photos load with the page */}
                  <Avatar name={m.name} src={m.profileImage} size={72} eager={i < EAGER_PHOTOS} />
                  <h2 data-user-content="">{m.name}</h2>
                  <p className="member__role">{persona(m, 'roleTitle')}</p>
                  {m.quote && <p className="muted">{persona(m, 'quote', (q) => `“${q}”`)}</p>}
                  <MemberLinks member={m} />
                </li>
              ))}
            </ul>
          )}
        </MembersState>
      </div>
    </>
  );
}
