import { describe, expect, it } from '@jest/globals';
import { statedNumbers, statesNumber } from '../numbers-in-text.js';

describe('numbers stated in a text', () => {
  it('reads integers, thousands and decimals with their displayed unit', () => {
    expect(statedNumbers('NP 262 W, 1,234 kJ and IF 0.87').map((n) => [n.value, n.unit])).toEqual([
      [262, 1],
      [1234, 1],
      [0.87, 0.01],
    ]);
  });

  it('reads durations as decimal hours', () => {
    expect(statesNumber('You rode 9 h 52 min', [9.87])).toBe(true);
    expect(statesNumber('You rode 9:52 in total', [9.87])).toBe(true);
    expect(statesNumber('You rode 9 h 20 min', [9.87])).toBe(false);
  });

  it('accepts the truth rounded as displayed, not a neighbour', () => {
    expect(statesNumber('about 7.9 hours', [7.86])).toBe(true);
    expect(statesNumber('about 7.9 hours', [7.97])).toBe(false);
    expect(statesNumber('262 W', [262.4])).toBe(true);
    expect(statesNumber('262 W', [262.9])).toBe(false);
  });

  it('takes a relative tolerance when asked', () => {
    expect(statesNumber('about 1,230 kcal', [1240], 0.01)).toBe(true);
    expect(statesNumber('about 1,130 kcal', [1240], 0.01)).toBe(false);
  });
});
