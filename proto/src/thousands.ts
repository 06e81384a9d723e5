/**
 * 1000000 as "1,000,000" for a message, without Intl: toLocaleString's first call loads locale data,
 * a cost every page importing a message would pay at start-up.
 */
export const withThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
