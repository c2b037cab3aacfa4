/** The teams as cards, each name editable in place (Enter saves, Escape cancels). */
import type { LabPerson } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';

export interface TeamCardsProps {
  teams: readonly (readonly string[])[];
  nameOf: (index: number) => string;
  people: readonly LabPerson[];
  balanceBy: string | null;
  onRename?: (index: number, name: string | null) => void;
  large?: boolean;
}

function EditableName({ index, name, onRename }: { index: number; name: string; onRename: (index: number, name: string | null) => void }) {
  const { t } = useTranslation('lab');
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  if (!editing)
    return (
      <button
        type="button"
        className="ts-team__name"
        onClick={() => {
          setValue(name);
          setEditing(true);
        }}
        aria-label={t('shuffle.renameTeam', { name })}
        data-testid="team-name"
      >
        {name} <span aria-hidden="true">✎</span>
      </button>
    );
  const save = () => {
    onRename(index, value.trim() ? value.trim().slice(0, 40) : null);
    setEditing(false);
  };
  return (
    <input
      type="text"
      className="ts-team__input"
      value={value}
      maxLength={40}
      autoFocus
      aria-label={t('shuffle.teamNameLabel')}
      onChange={(e) => setValue(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
        if (e.key === 'Escape') setEditing(false);
      }}
    />
  );
}

export function TeamCards({ teams, nameOf, people, balanceBy, onRename, large = false }: TeamCardsProps) {
  const { t } = useTranslation('lab');
  const tagOf = new Map(people.map((p) => [p.name, balanceBy ? p.tags[balanceBy] : undefined]));
  return (
    <ol className={`ts-teams${large ? ' ts-teams--large' : ''}`} data-testid="teams">
      {teams.map((team, i) => (
        <li key={i} className="ts-team" data-testid="team-card">
          <h3 className="ts-team__head">
            {onRename ? <EditableName index={i} name={nameOf(i)} onRename={onRename} /> : <span>{nameOf(i)}</span>}
            <span className="ts-team__count">{t('shuffle.members', { count: team.length })}</span>
          </h3>
          <ul className="ts-team__members">
            {team.map((n) => (
              <li key={n} data-testid="team-member">
                <span>{n}</span>
                {tagOf.get(n) && <span className="ts-tag">{tagOf.get(n)}</span>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
