import { EVENT_LOCATIONS, seoulDate, studyEventBody, type Study } from '@moim/contract';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../../shared/i18n';
import { toast } from '../../../../shared/toast/toast';
import { EmptyState, LoadingState } from '../../../../shared/ui/states';
import { useAddEvent, useDeleteEvent, useStudyEvents } from '../../api/manage-api';
import { Field, FieldGroup } from '../../../../shared/ui/field';
import { formatDate, formatTimeRange } from '../../../../shared/lib/format';
import { useLocale } from '../../lib/use-locale';
import { TabBar } from '../../../../shared/ui/tab-bar';
import { ErrorMessage, errorText } from '../../../../shared/ui/error-message';
import { placeServerFieldErrors } from '../../../../shared/ui/server-field-errors';
import { useContractForm } from '../../../../shared/ui/use-contract-form';
import { z } from 'zod';

type FormValues = {
  title: string;
  description: string;
  date: string;
  startTime: string;
  endTime: string;
  location: 'online' | 'offline';
  address: string;
  link: string;
  participantLimit: number | null;
};

export function EventsPanel({ study }: { study: Study }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const [today] = useState(() => seoulDate(new Date()));
  const events = useStudyEvents(study.id);
  const remove = useDeleteEvent(study.id);
  const [showPast, setShowPast] = useState(false);
  const list = (events.data ?? [])
    .filter((e) => (showPast ? e.date < today : e.date >= today))
    .sort((a, b) => (showPast ? -1 : 1) * a.date.localeCompare(b.date));

  return (
    <div className="st-events-layout">
      <section aria-labelledby="ev-list-title" className="stack">
        <div className="st-toolbar">
          <h2 id="ev-list-title" className="st-subtitle">
            {t('manage.events.title')}
          </h2>
          <TabBar variant="segmented" role="group" aria-label={t('manage.events.when')}>
            <button type="button" aria-pressed={!showPast} onClick={() => setShowPast(false)}>
              {t('manage.events.upcoming')}
            </button>
            <button type="button" aria-pressed={showPast} onClick={() => setShowPast(true)}>
              {t('manage.events.past')}
            </button>
          </TabBar>
        </div>
        {events.isPending ? (
          <LoadingState />
        ) : events.isError ? (
          <ErrorMessage variant="state" error={events.error} onRetry={() => void events.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title={t('manage.events.empty')} />
        ) : (
          <ul className="st-evlist">
            {list.map((e) => (
              <li key={e.id} className="st-evlist__item">
                <span className={`badge st-ev--${e.eventType}`}>{t(`eventType.${e.eventType}`)}</span>
                <span className="st-evlist__date">{formatDate(e.date, locale)}</span>
                <span className="st-evlist__time">
                  {e.eventType === 'recruitment' ? '' : formatTimeRange(e.startTime, e.endTime, locale)}
                </span>
                <span className="st-evlist__title" data-user-content="">
                  {e.eventType === 'recruitment' ? e.studyTitle : e.title}
                </span>
                {e.participantLimit !== null && (
                  <span className="muted">
                    {e.currentParticipants}/{e.participantLimit}
                  </span>
                )}
                {e.eventType === 'special' && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={remove.isPending}
                    // the label names the event by its (user-written) title, as the user menu names its user
                    data-user-content=""
                    aria-label={t('manage.events.deleteLabel', { title: e.title })}
                    onClick={() => {
                      if (!window.confirm(t('manage.events.deleteConfirm', { title: e.title }))) return;
                      remove.mutate(e.id, {
                        onSuccess: () => toast.success(t('manage.events.deleted')),
                        onError: (err) => toast.error(errorText(err)),
                      });
                    }}
                  >
                    {t('manage.events.delete')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <AddEventForm studyId={study.id} defaultDate={today} />
    </div>
  );
}

function AddEventForm({ studyId, defaultDate }: { studyId: string; defaultDate: string }) {
  const { t } = useTranslation('studies');
  const add = useAddEvent(studyId);
  const form = useContractForm(eventForm, {
    defaultValues: {
      title: '',
      description: '',
      date: defaultDate,
      startTime: '19:00',
      endTime: '21:00',
      location: 'online',
      address: '',
      link: '',
      participantLimit: null,
    },
  });
  const location = useWatch({ control: form.control, name: 'location' });
  const e = form.formState.errors;
  const submit = form.handleSubmit((v) =>
    add.mutate(v, {
      onSuccess: () => {
        toast.success(t('manage.events.added'));
        form.reset();
      },
      onError: (error) => placeServerFieldErrors(error, form),
    }),
  );
  return (
    <section aria-labelledby="ev-add-title" className="card">
      <h2 id="ev-add-title" className="st-subtitle">
        {t('manage.events.add')}
      </h2>
      <p className="muted">{t('manage.events.addLead')}</p>
      <form className="st-form__grid" noValidate onSubmit={(ev) => void submit(ev)}>
        <Field label={t('manage.events.fTitle')} required error={e.title?.message} className="span-2">
          <input type="text" {...form.register('title')} />
        </Field>
        <Field label={t('manage.events.fDate')} required error={e.date?.message}>
          <input type="date" {...form.register('date')} />
        </Field>
        <Field label={t('manage.events.fLimit')} error={e.participantLimit?.message} hint={t('manage.events.fLimitHint')}>
          <input
            type="number"
            min={1}
            inputMode="numeric"
            {...form.register('participantLimit', { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) })}
          />
        </Field>
        <Field label={t('manage.events.fStart')} required error={e.startTime?.message}>
          <input type="time" {...form.register('startTime')} />
        </Field>
        <Field label={t('manage.events.fEnd')} required error={e.endTime?.message}>
          <input type="time" {...form.register('endTime')} />
        </Field>
        <FieldGroup legend={t('manage.events.fLocation')}>
          <div className="st-radios">
            {EVENT_LOCATIONS.map((l) => (
              <label key={l} className="st-chip">
                <input type="radio" value={l} {...form.register('location')} />
                <span>{t(`location.${l.toUpperCase()}`)}</span>
              </label>
            ))}
          </div>
        </FieldGroup>
        {location === 'offline' ? (
          <Field label={t('manage.events.fAddress')} error={e.address?.message} className="span-2">
            <input type="text" {...form.register('address')} />
          </Field>
        ) : (
          <Field label={t('manage.events.fLink')} error={e.link?.message} className="span-2">
            <input type="url" placeholder="https://" {...form.register('link')} />
          </Field>
        )}
        <Field label={t('manage.events.fDescription')} error={e.description?.message} className="span-2">
          <textarea rows={3} {...form.register('description')} />
        </Field>
        <div className="span-2">
          <ErrorMessage error={add.error} />
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {t('manage.events.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Drop empty optional strings so the contract sees "absent", not "". */
/** The form holds strings ('' for "not given"); the contract validates the body made from them (same field names). */
const eventForm = z.custom<FormValues>().transform(toBody).pipe(studyEventBody);

function toBody(v: FormValues): z.input<typeof studyEventBody> {
  return {
    title: v.title,
    date: v.date,
    startTime: v.startTime,
    endTime: v.endTime,
    location: v.location,
    ...(v.description.trim() ? { description: v.description } : {}),
    ...(v.location === 'offline' && v.address.trim() ? { address: v.address } : {}),
    ...(v.location === 'online' && v.link.trim() ? { link: v.link } : {}),
    ...(v.participantLimit ? { participantLimit: v.participantLimit } : {}),
  };
}
