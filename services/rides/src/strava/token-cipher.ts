import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@domestique/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { decodeKey, type RidesConfig } from '../config/env.schema.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The configured key, or (outside production only) one derived from the internal secret. */
export const tokenKeyOf = (config: Pick<RidesConfig, 'STRAVA_TOKEN_KEY' | 'INTERNAL_JWT_SECRET'>): Buffer =>
  (config.STRAVA_TOKEN_KEY ? decodeKey(config.STRAVA_TOKEN_KEY) : null) ??
  Buffer.from(hkdfSync('sha256', config.INTERNAL_JWT_SECRET, 'domestique', 'strava-token-key', 32));

/**
 * Strava tokens at rest: AES-256-GCM with a random 96-bit IV per value and the owner's id as
 * associated data, so a ciphertext copied onto another rider's row does not decrypt.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The token key must be 32 bytes');
  }

  encrypt(plaintext: string, owner: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(owner));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string, owner: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined)
      throw new Error('Unknown token format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** The cipher of this process, built once from the validated configuration. */
@Injectable()
export class StravaTokenCipher extends TokenCipher {
  constructor(@Inject(CONFIG) config: RidesConfig) {
    super(tokenKeyOf(config));
  }
}
