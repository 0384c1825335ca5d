import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey in software, for the integration tests (ADR 102): what a platform authenticator and the browser's
 * WebAuthn call hand to @simplewebauthn/browser, built by hand. An ES256 key pair from node:crypto; the attestation
 * object in the 'none' format and the assertion's authenticator data encoded as WebAuthn §6.1 and §6.5 lay them
 * out, the CBOR by the encoder @simplewebauthn/server ships. Each assertion moves the signature counter on by one,
 * as a real authenticator does; the tests may sign for any challenge, origin or RP ID to play an attacker.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CeremonyOptions {
  /** The challenge the server's options gave (base64url). */
  challenge: string;
  /** Where the browser says the page was: the server's own origin unless a test plays a phishing page. */
  origin: string;
  /** The relying party the authenticator signs for (its SHA-256 leads the authenticator data). */
  rpId: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32));
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter the next assertion carries (WebAuthn §6.1.1); a real authenticator moves it every use. */
  counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', o: CeremonyOptions): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: o.challenge, origin: o.origin, crossOrigin: false }));
  }

  /** What navigator.credentials.create() answers, as @simplewebauthn/browser's startRegistration returns it. */
  registration(o: CeremonyOptions) {
    // The COSE key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, number> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, number>()],
        ['authData', new Uint8Array(this.authenticatorData(o.rpId, UP | UV | AT, this.counter, attested))],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', o)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** What navigator.credentials.get() answers, as startAuthentication returns it: signed, the counter moved on. */
  assertion(o: CeremonyOptions, userHandle?: string) {
    this.counter++;
    const authData = this.authenticatorData(o.rpId, UP | UV, this.counter);
    const clientDataJSON = this.clientData('webauthn.get', o);
    // ES256: ECDSA over SHA-256 of authenticatorData || SHA-256(clientDataJSON), DER-encoded (node's default).
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
