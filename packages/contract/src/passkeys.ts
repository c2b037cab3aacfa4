/**
 * Passkeys (WebAuthn discoverable credentials, docs/accounts-factors.md "Passkeys"): the requests and
 * answers of /api/auth/passkeys/*. The ceremony payloads are the WebAuthn JSON forms
 * (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON` …) that
 * @simplewebauthn/browser produces and consumes; the server checks their content, the schemas
 * only bound their shape and size.
 */
import { z } from 'zod';
import { plainText } from './accounts.ts';

export const PASSKEY_NAME_MAX_LENGTH = 60;
/** How long a ceremony's challenge stays valid (seconds); the browser's timeout is the same. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 300;
/** At most this many passkeys per account. */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'form.format');

export const passkeyName = plainText(PASSKEY_NAME_MAX_LENGTH, 1);

/** The browser's answer to navigator.credentials.create(), as JSON. */
export const passkeyRegistrationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(20_000),
    authenticatorData: b64url(20_000).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** The browser's answer to navigator.credentials.get(), as JSON. */
export const passkeyAuthenticationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(20_000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export const passkeyRegisterVerifyRequest = z.object({
  response: passkeyRegistrationResponse,
  /** the name to show; when absent the server names it after the browser and device */
  name: passkeyName.optional(),
});
export type PasskeyRegisterVerifyRequest = z.infer<typeof passkeyRegisterVerifyRequest>;

export const passkeyLoginVerifyRequest = z.object({ response: passkeyAuthenticationResponse });
export type PasskeyLoginVerifyRequest = z.infer<typeof passkeyLoginVerifyRequest>;

/** The options for navigator.credentials.create() / .get() (WebAuthn JSON), passed as they are. */
export const passkeyOptions = z.object({
  options: z.looseObject({ challenge: z.string(), timeout: z.number().optional() }),
});
export type PasskeyOptions = z.infer<typeof passkeyOptions>;

export const passkey = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** 'multiDevice' = synced (e.g. iCloud Keychain, Google Password Manager) */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  backedUp: z.boolean(),
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof passkey>;

export const passkeyList = z.object({
  items: z.array(passkey),
  /** whether the account can sign in some other way (password or a social login) */
  hasOtherSignIn: z.boolean(),
});
export type PasskeyList = z.infer<typeof passkeyList>;

export const passkeyParams = z.object({ id: z.uuid() });
export const passkeyRenameRequest = z.object({ name: passkeyName });
export const passkeyRemoved = z.object({ removed: z.literal(true) });

/**
 * A sign-in made with a passkey that verified its user (the PIN, fingerprint or face on the
 * device) is itself multi-factor (something you have + something you know or are): the session's
 * method says so, and the second-factor rule treats it as satisfied.
 */
export const PASSKEY_SESSION_METHOD = 'passkey';
