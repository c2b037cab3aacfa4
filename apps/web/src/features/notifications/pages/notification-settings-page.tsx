/**
 * /notifications/settings: notifications on this device (web push: the browser's permission and
 * subscription) and, per study, when to be reminded before each session (docs/reminders.md).
 */
import { REMINDER_OFFSET_CHOICES } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import {
  PermissionRefused,
  pushSupport,
  useDeviceSubscribed,
  useDisableDevice,
  useEnableDevice,
  useMyStudies,
  usePushDevices,
  useReminderSettings,
  useSetReminders,
} from '../api/push-api';
import '../notifications.css';

function DeviceSection() {
  const { t } = useTranslation('notifications');
  const [support, setSupport] = useState(pushSupport);
  const subscribed = useDeviceSubscribed();
  const devices = usePushDevices();
  const enable = useEnableDevice();
  const disable = useDisableDevice();
  const busy = enable.isPending || disable.isPending;

  const turnOn = () =>
    enable.mutate(undefined, {
      onSettled: () => setSupport(pushSupport()),
    });

  return (
    <section className="nt-settings__section" aria-labelledby="nt-device">
      <h2 id="nt-device">{t('settings.device.title')}</h2>
      <p className="muted">{t('settings.device.lead')}</p>
      {support === 'unsupported' ? (
        <p role="status">{t('settings.device.unsupported')}</p>
      ) : support === 'denied' ? (
        <p role="status">{t('settings.device.denied')}</p>
      ) : subscribed.isPending ? (
        <LoadingState />
      ) : subscribed.data ? (
        <div className="nt-settings__row">
          <p role="status">{t('settings.device.on')}</p>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => disable.mutate()}>
            {disable.isPending ? t('settings.saving') : t('settings.device.turnOff')}
          </button>
        </div>
      ) : (
        <div className="nt-settings__row">
          <p role="status">{t('settings.device.off')}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={turnOn}>
            {enable.isPending ? t('settings.saving') : t('settings.device.turnOn')}
          </button>
        </div>
      )}
      {enable.error instanceof PermissionRefused ? (
        <p role="alert">{t('settings.device.denied')}</p>
      ) : enable.isError ? (
        <ErrorMessage error={enable.error} />
      ) : null}
      {disable.isError && <ErrorMessage error={disable.error} />}
      {devices.data && <p className="muted">{t('settings.device.count', { count: devices.data.devices })}</p>}
    </section>
  );
}

function StudyReminders({ studyId, title }: { studyId: string; title: string }) {
  const { t } = useTranslation('notifications');
  const settings = useReminderSettings(studyId);
  const save = useSetReminders(studyId);
  const [draft, setDraft] = useState<number[] | null>(null);
  const headingId = `nt-study-${studyId}`;

  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorMessage variant="state" error={settings.error} onRetry={() => void settings.refetch()} />;
  // the choice shows at once, in the same render as the click, while it is saved (and goes back if the save fails)
  const chosen = new Set(draft ?? settings.data.offsets);
  const toggle = (offset: number) => {
    const next = new Set(chosen);
    if (next.has(offset)) next.delete(offset);
    else next.add(offset);
    setDraft([...next]);
    save.mutate([...next], { onSettled: () => setDraft(null) });
  };

  return (
    <fieldset className="nt-settings__study" aria-labelledby={headingId} disabled={save.isPending}>
      <legend id={headingId}>
        <bdi data-user-content>{title}</bdi>
      </legend>
      <div className="nt-settings__choices">
        {REMINDER_OFFSET_CHOICES.map((o) => (
          <label key={o} className="nt-settings__choice">
            <input type="checkbox" checked={chosen.has(o)} onChange={() => toggle(o)} />
            {t(`settings.offset.${o}`)}
          </label>
        ))}
      </div>
      <p className="muted" role="status">
        {save.isPending
          ? t('settings.saving')
          : chosen.size === 0
            ? t('settings.study.off')
            : settings.data.isDefault
              ? t('settings.study.default')
              : ''}
      </p>
      {save.isError && <ErrorMessage error={save.error} />}
    </fieldset>
  );
}

export default function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  const studies = useMyStudies();
  return (
    <div className="page nt-page">
      <div className="container nt-container">
        <header className="nt-head">
          <div>
            <h1 className="nt-title">{t('settings.title')}</h1>
            <p className="muted">{t('settings.lead')}</p>
          </div>
          <Link to="/notifications" className="btn btn-secondary">
            {t('settings.back')}
          </Link>
        </header>
        <DeviceSection />
        <section className="nt-settings__section" aria-labelledby="nt-studies">
          <h2 id="nt-studies">{t('settings.study.title')}</h2>
          <p className="muted">{t('settings.study.lead')}</p>
          {studies.isPending ? (
            <LoadingState />
          ) : studies.isError ? (
            <ErrorMessage variant="state" error={studies.error} onRetry={() => void studies.refetch()} />
          ) : studies.data.length === 0 ? (
            <EmptyState title={t('settings.study.empty')} />
          ) : (
            studies.data.map((m) => <StudyReminders key={m.studyId} studyId={m.studyId} title={m.studyTitle} />)
          )}
        </section>
      </div>
    </div>
  );
}
