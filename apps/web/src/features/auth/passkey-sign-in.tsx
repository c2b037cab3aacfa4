/**
 * Sign-in with a passkey (docs/accounts-factors.md "Passkeys"), beside e-mail and password: the browser's
 * autofill offers the passkeys it holds for this site under the e-mail field (conditional UI,
 * `autocomplete="username webauthn"`), and a button asks for one explicitly. No username is sent:
 * the server's options name no credential, the passkey names its account. A success stores the
 * same tokens a password login does.
 */
import { loginResponse, passkeyOptions, type LoginResponse } from '@moim/contract';
import {
  WebAuthnAbortService,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../shared/i18n';
import { api } from '../../shared/api/client';
import { authPaths } from '../../shared/api/paths/users';
import { useAuth } from '../../shared/auth/auth-provider';
import type { SessionUser } from '../../shared/auth/types';
import { passkeyAvailability } from '../../shared/lib/passkeys-available';
import { ErrorMessage } from '../../shared/ui/error-message';
import { FormMessage } from '../../shared/ui/field';

const DEV = import.meta.env.DEV;

/** The browser's abilities do not change while the page is open. */
const noChange = () => () => undefined;

/** The browser's part failed or was dismissed (not the server's verdict). */
class BrowserCeremonyError extends Error {
  constructor(readonly original: unknown) {
    super('passkey ceremony');
  }
}

async function passkeySignIn(autofill: boolean): Promise<LoginResponse> {
  const { options } = await api.post(authPaths.passkeyLoginOptions, {}, { schema: DEV && passkeyOptions });
  let response;
  try {
    response = await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    });
  } catch (err) {
    throw new BrowserCeremonyError(err);
  }
  return api.post(authPaths.passkeyLoginVerify, { response }, { schema: DEV && loginResponse });
}

/** The person closed the browser's dialog, or a newer ceremony replaced this one: not a failure. */
function isCancelled(err: unknown): boolean {
  const e = (err instanceof BrowserCeremonyError ? err.original : err) as { name?: string; code?: string } | null;
  return e?.name === 'NotAllowedError' || e?.name === 'AbortError' || e?.code === 'ERROR_CEREMONY_ABORTED';
}

/**
 * Passkey sign-in for the login page: starts the autofill ceremony while the page is shown and
 * gives the explicit button. `onSignedIn` runs after the tokens are stored.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  // What the browser can do is not known where the page is prerendered: the first render (the
  // hydration of the prerendered /login) is the prerender's, without the button, and the browser's
  // answer follows it, so React adopts the markup instead of rebuilding the page (and losing what
  // was typed into it meanwhile).
  const supported = useSyncExternalStore(
    noChange,
    () => passkeyAvailability() === 'yes',
    () => false,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);
  // the latest callbacks, for the autofill ceremony that outlives renders
  const done = useRef(onSignedIn);
  const accept = useRef(auth.acceptTokens);
  useEffect(() => {
    done.current = onSignedIn;
    accept.current = auth.acceptTokens;
  });
  const [autofillRound, setAutofillRound] = useState(0);

  // conditional UI: the passkeys appear among the e-mail field's suggestions
  useEffect(() => {
    if (!supported) return;
    let live = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !live) return;
      try {
        const r = await passkeySignIn(true);
        if (!live) return;
        done.current(await accept.current(r.accessToken, r.refreshToken));
      } catch (err) {
        // the autofill was never asked for: only the server's verdict on a chosen passkey is shown
        if (live && !(err instanceof BrowserCeremonyError)) setError(err);
      }
    })();
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [supported, autofillRound]);

  if (!supported) return null;

  const onClick = async () => {
    setError(null);
    setCancelled(false);
    setBusy(true);
    try {
      // replaces the autofill ceremony (the library aborts it)
      const r = await passkeySignIn(false);
      done.current(await auth.acceptTokens(r.accessToken, r.refreshToken));
    } catch (err) {
      if (isCancelled(err)) setCancelled(true);
      // the browser's failure as a sentence (errorText shows a string as it is, an Error only generically)
      else setError(err instanceof BrowserCeremonyError ? t('passkey.failed') : err);
      setAutofillRound((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="passkey-sign-in">
      <ErrorMessage error={error} />
      {cancelled && <FormMessage tone="info">{t('passkey.cancelled')}</FormMessage>}
      <button type="button" className="btn btn-secondary btn-block btn-lg" onClick={() => void onClick()} disabled={busy} aria-busy={busy}>
        {busy ? t('passkey.signingIn') : t('passkey.signIn')}
      </button>
    </div>
  );
}
