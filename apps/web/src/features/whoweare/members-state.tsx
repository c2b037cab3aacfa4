import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import { EmptyState, LoadingState } from '../../shared/ui/states';
import { useMembers, type Member } from './api';
import { ErrorMessage } from '../../shared/ui/error-message';

/** Loading, error and empty states around the team list; `children` renders the members. */
export function MembersState({ children }: { children: (members: Member[]) => ReactNode }) {
  const { t } = useTranslation('whoweare');
  const members = useMembers();
  if (members.isLoading) return <LoadingState label={t('loading')} />;
  if (members.isError) return <ErrorMessage variant="state" error={members.error} onRetry={() => void members.refetch()} />;
  if (!members.data?.length) return <EmptyState title={t('empty')} />;
  return <>{children(members.data)}</>;
}

export function MemberLinks({ member }: { member: Member }) {
  if (!member.links?.length) return null;
  return (
    <ul className="member-links">
      {member.links.map((l) => (
        <li key={l.url}>
          <a href={l.url} target="_blank" rel="noopener noreferrer nofollow" data-user-content="">
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
