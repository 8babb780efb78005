import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts secrets at rest (SMTP passwords, certificate passwords, signing
 * keys) with AES-256-GCM under a key derived from the server's APP_SECRET.
 */
export class SecretBox {
  readonly #key: Buffer;
  /** Keys of earlier APP_SECRETs (APP_SECRET_PREVIOUS): still opened, never used to seal. */
  readonly #previousKeys: Buffer[];

  constructor(appSecret: string, previousSecrets: readonly string[] = []) {
    if (appSecret.length < 16) throw new Error('APP_SECRET must be at least 16 characters');
    this.#key = deriveKey(appSecret);
    this.#previousKeys = previousSecrets.map(deriveKey);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
      '.',
    );
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
    let failure: unknown;
    for (const key of [this.#key, ...this.#previousKeys]) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }
}

function deriveKey(secret: string): Buffer {
  return scryptSync(secret, 'burgwall-secret-box', 32);
}
