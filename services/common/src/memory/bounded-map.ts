/**
 * A Map that holds at most `maxEntries`: adding one more forgets the oldest. For memos of pure
 * answers (a time zone's validity, a verified token) whose inputs could otherwise grow without end.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly maxEntries: number) {
    super();
    if (!(maxEntries > 0)) throw new Error('BoundedMap needs room for at least one entry');
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.maxEntries) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}

/** `fn` with its answers remembered per key (at most `maxEntries` of them). */
export const memoize = <A extends unknown[], R>(
  fn: (...args: A) => R,
  keyOf: (...args: A) => string,
  maxEntries = 1_000,
): ((...args: A) => R) => {
  const answers = new BoundedMap<string, R>(maxEntries);
  return (...args: A): R => {
    const key = keyOf(...args);
    if (answers.has(key)) return answers.get(key) as R;
    const answer = fn(...args);
    answers.set(key, answer);
    return answer;
  };
};
