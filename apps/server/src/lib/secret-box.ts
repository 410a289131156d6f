/**
 * Secrets at rest (issue 16 #3: the venues' payment provider secrets): AES-256-GCM from node:crypto. The 32-byte
 * key is derived (HKDF-SHA256) from SECRETS_KEY, or from the key generated once into DATA_DIR/secrets-key. Each
 * value gets a random 12-byte IV; `context` (e.g. `payment_accounts:12:epay`) is bound as additional data, so a
 * ciphertext copied to another row does not decrypt. Stored form: `v1:<iv>:<tag>:<ciphertext>` (base64url).
 * Nothing is kept per process but the key, which every process on one database must share (docs/deploy.md).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export class SecretBox {
  readonly #key: Buffer;

  constructor(secretsKey: string) {
    this.#key = Buffer.from(
      hkdfSync('sha256', Buffer.from(secretsKey, 'utf8'), Buffer.alloc(0), 'trapeza-secret-box-v1', 32),
    );
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', iv, tag, data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
  }

  /** The plain text, or null when this key (or context) does not open the value. */
  open(sealed: string, context: string): string | null {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
