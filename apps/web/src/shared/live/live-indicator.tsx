/**
 * The live channel's state where a signed-in person can see it (docs/live.md "The web"): a small
 * green dot while updates arrive as they happen; while the channel is reconnecting or the server
 * says it is degraded, an amber dot and "자동 새로고침" (pages poll meanwhile). A polite status
 * region, so a screen reader hears when it changes; nothing before the first connection or when
 * signed out.
 */
import { useTranslation } from '../i18n';
import { liveClient } from './live-client';
import { useLiveState } from './use-live';
import './live.css';

export function LiveIndicator() {
  const { t } = useTranslation();
  const state = useLiveState();
  // the first connection is not "reconnecting": nothing shows until the server answered once
  if (state === 'off' || (state === 'connecting' && liveClient.me() === null)) return null;
  const live = state === 'live';
  const text = live ? t('common.live.on') : state === 'degraded' ? t('common.live.degraded') : t('common.live.reconnecting');
  return (
    <span className="live-indicator" data-state={live ? 'live' : 'polling'} data-testid="live-indicator" role="status" title={text}>
      <span className="live-indicator__dot" aria-hidden="true" />
      {!live && (
        <span className="live-indicator__label" aria-hidden="true">
          {t('common.live.polling')}
        </span>
      )}
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
