/**
 * Saved rosters (signed in): load one (its people, settings and last results, so "spread past
 * teammates" works across meetups), save the current one, overwrite or delete. While a saved
 * roster is open, each shuffle updates its last results.
 */
import type { Roster, RosterBody } from '@moim/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast/toast';
import { rosterQuery, rostersQuery, useDeleteRoster, useSaveRoster } from '../api';
import { emptyDoc, type ShuffleDoc } from './doc';
import { THEME_IDS, type ThemeId } from './themes';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';

export function rosterBodyOf(name: string, doc: ShuffleDoc): RosterBody {
  return {
    name,
    people: doc.people,
    settings: {
      split: doc.split,
      together: doc.together,
      apart: doc.apart,
      balanceBy: doc.balanceBy,
      spreadLast: doc.spreadLast,
      theme: doc.theme,
      customNames: doc.customNames,
    },
    recent: doc.recent,
  };
}

export function docOfRoster(r: Roster): ShuffleDoc {
  const s = r.settings;
  return {
    ...emptyDoc(),
    people: r.people,
    recent: r.recent,
    ...(s
      ? {
          split: s.split,
          together: s.together,
          apart: s.apart,
          balanceBy: s.balanceBy,
          spreadLast: s.spreadLast,
          customNames: s.customNames ?? [],
          theme: (THEME_IDS as readonly string[]).includes(s.theme) || s.theme === 'custom' ? (s.theme as ThemeId) : 'default',
        }
      : {}),
  };
}

export function SavedRosters({
  doc,
  loaded,
  onLoad,
}: {
  doc: ShuffleDoc;
  loaded: { id: string; name: string } | null;
  onLoad: (r: Roster) => void;
}) {
  const { t } = useTranslation('lab');
  const id = useId();
  const qc = useQueryClient();
  const list = useQuery(rostersQuery());
  const save = useSaveRoster();
  const remove = useDeleteRoster();
  const [selected, setSelected] = useState('');
  const [name, setName] = useState('');
  const chosen = selected || list.data?.content[0]?.id || '';

  const saveAs = async (rosterId: string | null, rosterName: string) => {
    try {
      const r = await save.mutateAsync({ id: rosterId, body: rosterBodyOf(rosterName, doc) });
      toast.success(t('rosters.saved', { name: r.name }));
      onLoad(r);
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('rosters.title')}</h2>
      {list.isPending && <p className="muted">{t('loading')}</p>}
      <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      {list.data && list.data.content.length === 0 && <p className="muted">{t('rosters.empty')}</p>}
      {list.data && list.data.content.length > 0 && (
        <div className="stack">
          <label htmlFor={`${id}-pick`}>{t('rosters.pick')}</label>
          <select id={`${id}-pick`} value={chosen} onChange={(e) => setSelected(e.target.value)}>
            {list.data.content.map((r) => (
              <option key={r.id} value={r.id}>
                {t('rosters.option', { name: r.name, count: r.peopleCount })}
              </option>
            ))}
          </select>
          <div className="row">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={async () => {
                try {
                  onLoad(await qc.fetchQuery(rosterQuery(chosen)));
                } catch (err) {
                  toast.error(errorText(err));
                }
              }}
            >
              {t('rosters.load')}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={async () => {
                const r = list.data.content.find((x) => x.id === chosen);
                if (!r || !window.confirm(t('rosters.confirmDelete', { name: r.name }))) return;
                await remove.mutateAsync(chosen).catch((err: Error) => toast.error(errorText(err)));
                setSelected('');
              }}
            >
              {t('rosters.delete')}
            </button>
          </div>
        </div>
      )}
      {doc.people.length > 0 && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void saveAs(null, name.trim());
          }}
        >
          <label htmlFor={`${id}-name`}>{t('rosters.saveAs')}</label>
          <div className="ts-share">
            <input
              id={`${id}-name`}
              type="text"
              maxLength={80}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={t('rosters.namePlaceholder')}
            />
            <button type="submit" className="btn btn-secondary" disabled={!name.trim() || save.isPending}>
              {t('rosters.save')}
            </button>
          </div>
          {loaded && (
            <button type="button" className="btn btn-ghost" onClick={() => void saveAs(loaded.id, loaded.name)} disabled={save.isPending}>
              {t('rosters.overwrite', { name: loaded.name })}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
