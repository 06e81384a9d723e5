import { describe, expect, it } from '@jest/globals';
import { withThousands } from '../thousands.js';

describe('withThousands', () => {
  it('groups digits by three as en-US does, without Intl', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 2_000_000_000])
      expect(withThousands(n)).toBe(n.toLocaleString('en-US'));
  });
});
