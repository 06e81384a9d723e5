/**
 * The abuse found by the security review: the rider's whole ride list with its AI feedback, asked
 * for `count` times under different aliases (60 of them fit in 2.5 KB).
 */
export const abusiveAliasesQuery = (count: number): string =>
  `query Abusive { ${Array.from({ length: count }, (_, i) => `r${i}: rides { id aiFeedback { summary } }`).join(' ')} }`;

/** Fields `depth` levels deep under the operation: `{ a { a { a } } }` is 3. */
export const nestedSelection = (depth: number, field = 'a'): string =>
  `${`{ ${field} `.repeat(depth)}${'} '.repeat(depth)}`.trim();

/** An operation whose selections are `depth` levels deep. */
export const nestedQuery = (depth: number): string => `query Nested ${nestedSelection(depth)}`;
