/**
 * Whether passkeys can work on this page: the browser speaks WebAuthn and the site was opened at
 * a host name. An IP address (http://127.0.0.1:PORT) cannot be a WebAuthn RP ID, so there the
 * passkey controls are not offered (docs/accounts-factors.md "Passkeys").
 */
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';

const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

export type PasskeyAvailability = 'yes' | 'unsupported' | 'ip-address';

export function passkeyAvailability(): PasskeyAvailability {
  if (typeof window === 'undefined' || !browserSupportsWebAuthn()) return 'unsupported';
  return IP_HOST.test(window.location.hostname) ? 'ip-address' : 'yes';
}
