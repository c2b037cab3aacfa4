/**
 * The study page composer: the leader arranges typed sections (hero, rich text, leader intro,
 * how we roll, journey, FAQ, members, reviews, call to action), saves a draft and publishes it.
 * Rich-text fields take simple HTML which the server sanitizes; the editor is driven by a
 * small per-type field table so every section type gets the same accessible form.
 */
import {
  STUDY_PAGE_MAX_SECTIONS,
  STUDY_PAGE_SECTION_TYPES,
  studyPageDraftBody,
  type Study,
  type StudyPageSection,
  type StudyPageSectionType,
} from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { Link } from 'react-router';
import { toast } from '../../../../shared/toast/toast';
import { Field } from '../../../../shared/ui/field';
import { LoadingState } from '../../../../shared/ui/states';
import { usePublishStudyPage, useSaveStudyPageDraft, useStudyPage } from '../../api/study-content-api';
import { defaultSections } from '../../components/sections/default-sections';
import { formatDateTime } from '../../../../shared/lib/format';
import { studyPath } from '../../lib/paths';
import { useLocale } from '../../lib/use-locale';
import { ErrorMessage } from '../../../../shared/ui/error-message';

type Kind = 'text' | 'textarea' | 'html' | 'number' | 'checkbox';
interface FieldDef {
  key: string;
  kind: Kind;
}
interface ListDef {
  key: string;
  item: FieldDef[];
  blank: Record<string, unknown>;
}

const FIELDS: Record<StudyPageSectionType, { fields: FieldDef[]; list?: ListDef }> = {
  hero: {
    fields: [
      { key: 'title', kind: 'text' },
      { key: 'subtitle', kind: 'textarea' },
      { key: 'badge', kind: 'text' },
      { key: 'imageUrl', kind: 'text' },
    ],
  },
  richText: {
    fields: [
      { key: 'title', kind: 'text' },
      { key: 'html', kind: 'html' },
    ],
  },
  leaderIntro: {
    fields: [
      { key: 'title', kind: 'text' },
      { key: 'name', kind: 'text' },
      { key: 'headline', kind: 'text' },
      { key: 'bioHtml', kind: 'html' },
      { key: 'imageUrl', kind: 'text' },
    ],
    list: {
      key: 'links',
      item: [
        { key: 'label', kind: 'text' },
        { key: 'url', kind: 'text' },
      ],
      blank: { label: '', url: 'https://' },
    },
  },
  howWeRoll: {
    fields: [{ key: 'title', kind: 'text' }],
    list: {
      key: 'items',
      item: [
        { key: 'icon', kind: 'text' },
        { key: 'title', kind: 'text' },
        { key: 'description', kind: 'textarea' },
      ],
      blank: { icon: '', title: '', description: '' },
    },
  },
  journey: {
    fields: [{ key: 'title', kind: 'text' }],
    list: {
      key: 'steps',
      item: [
        { key: 'label', kind: 'text' },
        { key: 'title', kind: 'text' },
        { key: 'description', kind: 'textarea' },
      ],
      blank: { label: '', title: '', description: '' },
    },
  },
  faq: {
    fields: [{ key: 'title', kind: 'text' }],
    list: {
      key: 'items',
      item: [
        { key: 'question', kind: 'text' },
        { key: 'answerHtml', kind: 'html' },
      ],
      blank: { question: '', answerHtml: '' },
    },
  },
  members: {
    fields: [
      { key: 'title', kind: 'text' },
      { key: 'showAttendance', kind: 'checkbox' },
    ],
  },
  reviews: {
    fields: [
      { key: 'title', kind: 'text' },
      { key: 'limit', kind: 'number' },
    ],
  },
  callToAction: {
    fields: [
      { key: 'title', kind: 'text' },
      { key: 'description', kind: 'textarea' },
      { key: 'buttonLabel', kind: 'text' },
    ],
  },
};

function blankSection(type: StudyPageSectionType, id: string, t: (k: string) => string): StudyPageSection {
  const mk = (extra: object) => ({ id, type, ...extra }) as unknown as StudyPageSection;
  switch (type) {
    case 'hero':
      return mk({ title: t('composer.blank.heroTitle') });
    case 'richText':
      return mk({ html: '<p></p>' });
    case 'leaderIntro':
      return mk({ bioHtml: '', links: [] });
    case 'howWeRoll':
      return mk({ items: [{ icon: '', title: '', description: '' }] });
    case 'journey':
      return mk({ steps: [{ label: t('composer.blank.journeyLabel'), title: '', description: '' }] });
    case 'faq':
      return mk({ items: [{ question: '', answerHtml: '' }] });
    case 'members':
      return mk({ showAttendance: false });
    case 'reviews':
      return mk({ limit: 6 });
    case 'callToAction':
      return mk({ title: t('composer.blank.ctaTitle'), buttonLabel: t('composer.blank.ctaButton') });
  }
}

/** Optional strings left empty are dropped so the contract sees them as absent. */
function clean(sections: StudyPageSection[]): StudyPageSection[] {
  const strip = (o: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(o).filter(
        ([k, v]) => !(typeof v === 'string' && v.trim() === '' && !['html', 'bioHtml', 'answerHtml', 'description'].includes(k)),
      ),
    );
  return sections.map((s) => {
    const out = strip(s as unknown as Record<string, unknown>);
    for (const [k, v] of Object.entries(out))
      if (Array.isArray(v)) out[k] = v.map((i) => (i && typeof i === 'object' ? strip(i as Record<string, unknown>) : i));
    return out as unknown as StudyPageSection;
  });
}

export default function PageComposer({ study }: { study: Study }) {
  const draft = useStudyPage(study.id, 'draft');
  if (draft.isPending) return <LoadingState />;
  if (draft.isError) return <ErrorMessage variant="state" error={draft.error} onRetry={() => void draft.refetch()} />;
  return <Composer key={draft.data?.version ?? 0} study={study} initial={draft.data?.sections ?? null} meta={draft.data ?? null} />;
}

function Composer({
  study,
  initial,
  meta,
}: {
  study: Study;
  initial: StudyPageSection[] | null;
  meta: { version: number; publishedAt: string | null; updatedAt: string | null } | null;
}) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const [sections, setSections] = useState<StudyPageSection[]>(() => (initial && initial.length ? initial : defaultSections(study, t)));
  const [selected, setSelected] = useState(0);
  const [addType, setAddType] = useState<StudyPageSectionType>('richText');
  const [issues, setIssues] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  const save = useSaveStudyPageDraft(study.id);
  const publish = usePublishStudyPage(study.id);
  const current = sections[selected];

  const update = (next: StudyPageSection[]) => {
    setSections(next);
    setDirty(true);
  };
  const move = (i: number, d: -1 | 1) => {
    const j = i + d;
    if (j < 0 || j >= sections.length) return;
    const next = [...sections];
    [next[i], next[j]] = [next[j]!, next[i]!];
    update(next);
    setSelected(j);
  };
  const setField = (key: string, value: unknown) =>
    update(sections.map((s, i) => (i === selected ? ({ ...s, [key]: value } as StudyPageSection) : s)));

  const validate = () => {
    const parsed = studyPageDraftBody.safeParse({ sections: clean(sections) });
    if (parsed.success) {
      setIssues([]);
      return parsed.data;
    }
    setIssues(
      parsed.error.issues.map((i) => {
        const idx = typeof i.path[1] === 'number' ? i.path[1] : -1;
        const s = sections[idx];
        return `${s ? `${idx + 1}. ${t(`composer.types.${s.type}`)}` : ''} ${i.path.slice(2).join('.')}: ${i.message}`.trim();
      }),
    );
    return null;
  };
  const onSave = async (thenPublish: boolean) => {
    const body = validate();
    if (!body) return;
    const saved = await save.mutateAsync(body).catch(() => null);
    if (!saved) return;
    setDirty(false);
    if (!thenPublish) {
      toast.success(t('composer.saved'));
      return;
    }
    const done = await publish.mutateAsync().catch(() => null);
    if (done) toast.success(t('composer.published'));
  };

  const def = current ? FIELDS[current.type] : null;
  const rec = current as unknown as Record<string, unknown> | undefined;
  return (
    <div className="st-composer">
      <div className="st-composer__bar">
        <p className="muted">
          {meta?.publishedAt ? t('composer.publishedAt', { date: formatDateTime(meta.publishedAt, locale) }) : t('composer.neverPublished')}
          {dirty && <strong className="st-composer__dirty"> · {t('composer.unsaved')}</strong>}
        </p>
        <div className="row">
          <Link className="btn btn-ghost" to={studyPath(study)} target="_blank">
            {t('composer.viewPublished')}
          </Link>
          <button type="button" className="btn btn-secondary" disabled={save.isPending} onClick={() => void onSave(false)}>
            {t('composer.saveDraft')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={save.isPending || publish.isPending}
            onClick={() => void onSave(true)}
          >
            {t('composer.publish')}
          </button>
        </div>
      </div>
      {issues.length > 0 && (
        <div className="st-alert st-alert--danger" role="alert">
          <strong>{t('composer.invalid')}</strong>
          <ul>
            {issues.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </div>
      )}
      <ErrorMessage error={save.error ?? publish.error} />
      <div className="st-composer__layout">
        <div className="st-composer__list">
          <ol aria-label={t('composer.sections')}>
            {sections.map((s, i) => (
              <li key={s.id} className={`st-composer__item ${i === selected ? 'is-selected' : ''}`}>
                <button
                  type="button"
                  className="st-composer__pick"
                  aria-current={i === selected ? 'true' : undefined}
                  onClick={() => setSelected(i)}
                >
                  <span className="st-composer__num">{i + 1}</span>
                  {t(`composer.types.${s.type}`)}
                </button>
                <span className="st-composer__tools">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={t('composer.moveUp', { n: i + 1 })}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={t('composer.moveDown', { n: i + 1 })}
                    disabled={i === sections.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm st-danger-text"
                    aria-label={t('composer.remove', { n: i + 1 })}
                    onClick={() => {
                      update(sections.filter((_, j) => j !== i));
                      setSelected(Math.max(0, Math.min(selected, sections.length - 2)));
                    }}
                  >
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ol>
          <div className="st-composer__add">
            <label htmlFor="composer-add" className="visually-hidden">
              {t('composer.addType')}
            </label>
            <select
              id="composer-add"
              className="input"
              value={addType}
              onChange={(e) => setAddType(e.target.value as StudyPageSectionType)}
            >
              {STUDY_PAGE_SECTION_TYPES.map((ty) => (
                <option key={ty} value={ty}>
                  {t(`composer.types.${ty}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={sections.length >= STUDY_PAGE_MAX_SECTIONS}
              onClick={() => {
                const id = `${addType}-${Date.now().toString(36)}`;
                update([...sections, blankSection(addType, id, t)]);
                setSelected(sections.length);
              }}
            >
              {t('composer.add')}
            </button>
          </div>
        </div>
        <div className="st-composer__editor card">
          {current && def && rec ? (
            <>
              <h3 className="st-subtitle">{t(`composer.types.${current.type}`)}</h3>
              {def.fields.map((f) => (
                <FieldEditor key={`${current.id}-${f.key}`} def={f} value={rec[f.key]} onChange={(v) => setField(f.key, v)} />
              ))}
              {def.list && (
                <ListEditor
                  key={`${current.id}-${def.list.key}`}
                  def={def.list}
                  items={(rec[def.list.key] as Array<Record<string, unknown>> | undefined) ?? []}
                  onChange={(items) => setField(def.list!.key, items)}
                />
              )}
              {def.fields.some((f) => f.kind === 'html') || def.list?.item.some((f) => f.kind === 'html') ? (
                <p className="field__hint">{t('composer.htmlHint')}</p>
              ) : null}
            </>
          ) : (
            <p className="muted">{t('composer.emptyEditor')}</p>
          )}
        </div>
      </div>
    </div>
  );
}

function FieldEditor({ def, value, onChange }: { def: FieldDef; value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useTranslation('studies');
  const label = t(`composer.fields.${def.key}`);
  if (def.kind === 'checkbox')
    return (
      <label className="st-check">
        <input type="checkbox" checked={!!value} onChange={(e) => onChange(e.target.checked)} />
        <span>{label}</span>
      </label>
    );
  return (
    <Field label={label}>
      {def.kind === 'number' ? (
        <input
          type="number"
          min={1}
          max={20}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      ) : def.kind === 'text' ? (
        <input type="text" data-user-content="" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <textarea
          data-user-content=""
          rows={def.kind === 'html' ? 8 : 3}
          className={def.kind === 'html' ? 'st-mono' : undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

function ListEditor({
  def,
  items,
  onChange,
}: {
  def: ListDef;
  items: Array<Record<string, unknown>>;
  onChange: (items: Array<Record<string, unknown>>) => void;
}) {
  const { t } = useTranslation('studies');
  return (
    <fieldset className="fieldset st-composer__listedit">
      <legend className="field__label">{t(`composer.lists.${def.key}`)}</legend>
      <ol className="stack">
        {items.map((item, i) => (
          <li key={i} className="st-composer__listitem">
            {def.item.map((f) => (
              <FieldEditor
                key={f.key}
                def={f}
                value={item[f.key]}
                onChange={(v) => onChange(items.map((x, j) => (j === i ? { ...x, [f.key]: v } : x)))}
              />
            ))}
            <button type="button" className="btn btn-ghost btn-sm st-danger-text" onClick={() => onChange(items.filter((_, j) => j !== i))}>
              {t('composer.removeItem', { n: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange([...items, { ...def.blank }])}>
        {t('composer.addItem')}
      </button>
    </fieldset>
  );
}
