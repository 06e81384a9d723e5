import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@domestique/common';
import argon2 from 'argon2';
import type { AuthConfig } from '../config/env.schema.js';

/** argon2id password hashes. */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(@Inject(CONFIG) private readonly config: AuthConfig) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.config.ARGON2_MEMORY_KIB,
      timeCost: this.config.ARGON2_ITERATIONS,
      parallelism: 1,
    });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so an unknown email cannot be told from a wrong password. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('domestique-timing-equaliser');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
