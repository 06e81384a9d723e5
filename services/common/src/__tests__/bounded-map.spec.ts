import { describe, expect, it } from '@jest/globals';
import { BoundedMap, memoize } from '../memory/bounded-map.js';

describe('BoundedMap', () => {
  it('forgets the oldest entry when one more is added, not when one is replaced', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('b', 3);
    expect([...map]).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    map.set('c', 4);
    expect([...map.keys()]).toEqual(['b', 'c']);
    expect(map.size).toBe(2);
  });

  it('refuses a size without room', () => {
    expect(() => new BoundedMap(0)).toThrow('at least one entry');
  });
});

describe('memoize', () => {
  it('computes each key once, remembers falsy answers, and recomputes what it forgot', () => {
    const calls: string[] = [];
    const valid = memoize(
      (name: string) => {
        calls.push(name);
        return name.startsWith('ok');
      },
      (name) => name,
      2,
    );
    expect([valid('ok-1'), valid('bad'), valid('ok-1'), valid('bad')]).toEqual([true, false, true, false]);
    expect(calls).toEqual(['ok-1', 'bad']);
    valid('ok-2'); // forgets ok-1
    expect(valid('ok-1')).toBe(true);
    expect(calls).toEqual(['ok-1', 'bad', 'ok-2', 'ok-1']);
  });
});
