/**
 * Where participants come from: a pasted list, a CSV/TXT file, the members of one of my studies
 * (signed in; with their role and attendance as tags), or (the arena) a number range. Each
 * source replaces the current list through `onImport`.
 */
import type { LabPerson, StudyMember } from '@moim/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useAuth } from '../../../shared/auth/auth-provider';
import { toast } from '../../../shared/toast/toast';
import { myStudiesQuery, studyMembersQuery } from '../api';
import { numberDuplicates, numberRange, parseParticipants, type ParsedParticipants } from './parse';
import { TabBar } from '../../../shared/ui/tab-bar';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';

type Source = 'paste' | 'file' | 'study' | 'range';
const MAX_FILE_BYTES = 1024 * 1024;

export interface ParticipantSourceProps {
  max: number;
  allowRange?: boolean;
  onImport: (parsed: ParsedParticipants) => void;
}

export function attendanceBand(rate: number | null, t: (k: string) => string): string {
  if (rate === null) return t('participants.attendance.none');
  if (rate >= 90) return t('participants.attendance.high');
  if (rate >= 70) return t('participants.attendance.mid');
  return t('participants.attendance.low');
}

export function membersToPeople(members: readonly StudyMember[], t: (k: string) => string): LabPerson[] {
  const names = numberDuplicates(members.map((m) => m.name));
  return members.map((m, i) => ({
    name: names[i]!,
    tags: {
      [t('participants.tagRole')]: t(`participants.roles.${m.role}`),
      [t('participants.tagAttendance')]: attendanceBand(m.attendanceRate, t),
    },
  }));
}

export function ParticipantSource({ max, allowRange = false, onImport }: ParticipantSourceProps) {
  const { t } = useTranslation('lab');
  const { isAuthenticated } = useAuth();
  const [source, setSource] = useState<Source>('paste');
  const sources: Source[] = [
    'paste',
    'file',
    ...(isAuthenticated ? (['study'] as const) : []),
    ...(allowRange ? (['range'] as const) : []),
  ];
  const id = useId();
  return (
    <div className="stack" data-testid="participant-source">
      <TabBar role="tablist" aria-label={t('participants.sourceLabel')}>
        {sources.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            id={`${id}-${s}`}
            aria-selected={source === s}
            aria-controls={`${id}-panel`}
            onClick={() => setSource(s)}
          >
            {t(`participants.sources.${s}`)}
          </button>
        ))}
      </TabBar>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${source}`}>
        {source === 'paste' && <PasteSource max={max} onImport={onImport} />}
        {source === 'file' && <FileSource max={max} onImport={onImport} />}
        {source === 'study' && <StudySource max={max} onImport={onImport} />}
        {source === 'range' && <RangeSource max={max} onImport={onImport} />}
      </div>
    </div>
  );
}

function PasteSource({ max, onImport }: ParticipantSourceProps) {
  const { t } = useTranslation('lab');
  const [text, setText] = useState('');
  const id = useId();
  const preview = parseParticipants(text, max);
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (preview.people.length) onImport(preview);
      }}
    >
      <label htmlFor={id}>{t('participants.pasteLabel')}</label>
      <textarea
        id={id}
        rows={7}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('participants.pastePlaceholder')}
        aria-describedby={`${id}-help`}
      />
      <p id={`${id}-help`} className="muted field-help">
        {t('participants.pasteHelp', { count: preview.people.length, max })}
        {preview.dropped > 0 && ` ${t('participants.dropped', { count: preview.dropped })}`}
      </p>
      <button type="submit" className="btn btn-secondary" disabled={preview.people.length === 0}>
        {t('participants.apply')}
      </button>
    </form>
  );
}

function FileSource({ max, onImport }: ParticipantSourceProps) {
  const { t } = useTranslation('lab');
  const id = useId();
  const [status, setStatus] = useState<string | null>(null);
  return (
    <div className="stack">
      <label htmlFor={id}>{t('participants.fileLabel')}</label>
      <input
        id={id}
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          if (file.size > MAX_FILE_BYTES) {
            setStatus(t('participants.fileTooLarge'));
            return;
          }
          const parsed = parseParticipants((await file.text()).replace(/^\uFEFF/, ''), max);
          if (parsed.people.length === 0) {
            setStatus(t('participants.fileEmpty'));
            return;
          }
          setStatus(
            t('participants.fileRead', { name: file.name, count: parsed.people.length, columns: parsed.columns.join(', ') || '—' }),
          );
          onImport(parsed);
        }}
      />
      <p className="muted field-help" role="status">
        {status ?? t('participants.fileHelp')}
      </p>
    </div>
  );
}

function StudySource({ max, onImport }: ParticipantSourceProps) {
  const { t } = useTranslation('lab');
  const qc = useQueryClient();
  const studies = useQuery(myStudiesQuery());
  const [studyId, setStudyId] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (studies.isPending) return <p className="muted">{t('loading')}</p>;
  if (studies.isError) return <ErrorMessage error={studies.error} onRetry={() => void studies.refetch()} />;
  if (studies.data.length === 0) return <p className="muted">{t('participants.noStudies')}</p>;
  const chosen = studyId || studies.data[0]!.study.id;
  return (
    <form
      className="stack"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          const members = await qc.fetchQuery(studyMembersQuery(chosen));
          const people = membersToPeople(members, t).slice(0, max);
          if (people.length === 0) toast.info(t('participants.noMembers'));
          else
            onImport({
              people,
              columns: [t('participants.tagRole'), t('participants.tagAttendance')],
              dropped: Math.max(0, members.length - max),
            });
        } catch (err) {
          toast.error(errorText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor={id}>{t('participants.studyLabel')}</label>
      <select id={id} value={chosen} onChange={(e) => setStudyId(e.target.value)}>
        {studies.data.map((s) => (
          <option key={s.study.id} value={s.study.id}>
            {s.study.title} · {t(`participants.groups.${s.group}`)}
          </option>
        ))}
      </select>
      <p className="muted field-help">{t('participants.studyHelp')}</p>
      <button type="submit" className="btn btn-secondary" disabled={busy} data-testid="import-study-members">
        {busy ? t('loading') : t('participants.importMembers')}
      </button>
    </form>
  );
}

function RangeSource({ max, onImport }: ParticipantSourceProps) {
  const { t } = useTranslation('lab');
  const [from, setFrom] = useState(1);
  const [to, setTo] = useState(30);
  const id = useId();
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        const names = numberRange(from, to, max);
        onImport({ people: names.map((name) => ({ name, tags: {} })), columns: [], dropped: Math.max(0, Math.abs(to - from) + 1 - max) });
      }}
    >
      <label htmlFor={`${id}-from`}>{t('participants.rangeFrom')}</label>
      <input id={`${id}-from`} type="number" min={0} max={9999} value={from} onChange={(e) => setFrom(Number(e.target.value) || 0)} />
      <label htmlFor={`${id}-to`}>{t('participants.rangeTo')}</label>
      <input id={`${id}-to`} type="number" min={0} max={9999} value={to} onChange={(e) => setTo(Number(e.target.value) || 0)} />
      <button type="submit" className="btn btn-secondary">
        {t('participants.apply')}
      </button>
    </form>
  );
}
