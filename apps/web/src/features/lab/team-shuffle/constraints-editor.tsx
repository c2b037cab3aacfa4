/** Keep together / keep apart groups (two to six people each), tag balance and "spread past teammates". */
import { LAB_LIMITS } from '@moim/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { columnsOf, type DocAction, type ShuffleDoc } from './doc';

type Kind = 'together' | 'apart';

export function ConstraintsEditor({ doc, dispatch }: { doc: ShuffleDoc; dispatch: (a: DocAction) => void }) {
  const { t } = useTranslation('lab');
  const id = useId();
  const [kind, setKind] = useState<Kind>('apart');
  const [picked, setPicked] = useState<string[]>(['', '']);
  const names = doc.people.map((p) => p.name);
  const columns = columnsOf(doc.people);
  const chosen = picked.filter(Boolean);
  const canAdd = new Set(chosen).size >= 2 && chosen.length === new Set(chosen).size;

  return (
    <div className="stack">
      <fieldset className="lab-fieldset">
        <legend>{t('shuffle.constraints')}</legend>
        {names.length < 2 ? (
          <p className="muted field-help">{t('shuffle.constraintsEmpty')}</p>
        ) : (
          <form
            className="ts-constraint-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (!canAdd) return;
              dispatch({ type: 'addConstraint', kind, names: chosen });
              setPicked(['', '']);
            }}
          >
            <label htmlFor={`${id}-kind`}>{t('shuffle.constraintKind')}</label>
            <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              <option value="apart">{t('shuffle.kinds.apart')}</option>
              <option value="together">{t('shuffle.kinds.together')}</option>
            </select>
            {picked.map((value, i) => (
              <div key={i} className="ts-constraint-person">
                <label htmlFor={`${id}-p${i}`}>{t('shuffle.person', { n: i + 1 })}</label>
                <select
                  id={`${id}-p${i}`}
                  value={value}
                  onChange={(e) => setPicked((p) => p.map((x, j) => (j === i ? e.target.value : x)))}
                >
                  <option value="">{t('shuffle.choosePerson')}</option>
                  {names.map((n) => (
                    <option key={n} value={n} disabled={picked.includes(n) && value !== n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <div className="row">
              {picked.length < 6 && (
                <button type="button" className="btn btn-ghost" onClick={() => setPicked((p) => [...p, ''])}>
                  {t('shuffle.addPerson')}
                </button>
              )}
              <button type="submit" className="btn btn-secondary" disabled={!canAdd} data-testid="add-constraint">
                {t('shuffle.addConstraint')}
              </button>
            </div>
          </form>
        )}
        {(['together', 'apart'] as const).map((k) =>
          doc[k].length ? (
            <ul key={k} className="lab-chips" aria-label={t(`shuffle.kinds.${k}`)} data-testid={`constraints-${k}`}>
              {doc[k].map((g, i) => (
                <li key={`${k}-${g.join('|')}`} className={`lab-chip lab-chip--${k}`}>
                  <span>
                    {t(`shuffle.kindsShort.${k}`)}: {g.join(' · ')}
                  </span>
                  <button
                    type="button"
                    aria-label={t('shuffle.removeConstraint', { names: g.join(', ') })}
                    onClick={() => dispatch({ type: 'removeConstraint', kind: k, index: i })}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          ) : null,
        )}
      </fieldset>

      <div className="ts-two">
        <div className="stack">
          <label htmlFor={`${id}-balance`}>{t('shuffle.balanceBy')}</label>
          <select
            id={`${id}-balance`}
            value={doc.balanceBy ?? ''}
            onChange={(e) => dispatch({ type: 'balance', key: e.target.value || null })}
          >
            <option value="">{t('shuffle.noBalance')}</option>
            {columns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {columns.length === 0 && <p className="muted field-help">{t('shuffle.balanceHelp')}</p>}
        </div>
        <div className="stack">
          <label htmlFor={`${id}-spread`}>{t('shuffle.spread')}</label>
          <select id={`${id}-spread`} value={doc.spreadLast} onChange={(e) => dispatch({ type: 'spread', last: Number(e.target.value) })}>
            {Array.from({ length: LAB_LIMITS.recentResults + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? t('shuffle.spreadOff') : t('shuffle.spreadLast', { count: n })}
              </option>
            ))}
          </select>
          <p className="muted field-help">{t('shuffle.spreadHelp', { count: doc.recent.length })}</p>
        </div>
      </div>
    </div>
  );
}
