/**
 * A software authenticator for the passkey tests: real ES256 keys (node:crypto), a real
 * attestationObject ('none' format, CBOR via @levischuck/tiny-cbor, which @simplewebauthn
 * itself decodes with) and real signed assertions, so the server's checks run on what a browser
 * would send. Options in, WebAuthn JSON out, like @simplewebauthn/browser.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: Buffer;
  counter: number;
}

export interface RegistrationOptionsJSON {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
}

export interface AuthenticationOptionsJSON {
  challenge: string;
  rpId?: string;
}

/** Flags of the authenticator data (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  /** whether the "user" verifies (PIN, biometrics): off makes the authenticator send UP only */
  userVerifies = true;
  /** counts signatures (false: always 0, as some synced passkeys do) */
  counts = true;

  constructor(readonly origin: string) {}

  /** navigator.credentials.create() */
  register(options: RegistrationOptionsJSON, over: { origin?: string; rpId?: string } = {}) {
    const rpId = over.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = encodeCBOR(
      new Map<number, CBORType>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const cred: SoftCredential = { id, privateKey, rpId, userHandle: Buffer.from(options.user.id, 'base64url'), counter: 0 };
    const credIdLen = Buffer.alloc(2);
    credIdLen.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | AT | (this.userVerifies ? UV : 0)]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: zeros, as with attestation 'none'
      credIdLen,
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(cred);
    return {
      credential: cred,
      response: {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, over.origin ?? this.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      },
    };
  }

  /** navigator.credentials.get() with a discoverable credential (the first for the RP ID unless given). */
  assert(
    options: AuthenticationOptionsJSON,
    over: { credential?: SoftCredential; origin?: string; counter?: number; withoutUserHandle?: boolean } = {},
  ) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const cred = over.credential ?? this.credentials.find((c) => c.rpId === rpId);
    if (!cred) throw new Error(`no credential for ${rpId}`);
    if (over.counter !== undefined) cred.counter = over.counter;
    else if (this.counts) cred.counter++;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | (this.userVerifies ? UV : 0)]), counterBytes(cred.counter)]);
    const cdj = clientData('webauthn.get', options.challenge, over.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(cdj)]), cred.privateKey);
    return {
      id: b64url(cred.id),
      rawId: b64url(cred.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(cdj),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(over.withoutUserHandle ? {} : { userHandle: b64url(cred.userHandle) }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
