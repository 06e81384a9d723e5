import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { serverMessageOf } from '../../app/error-message';

/** The server refused a billing call for a reason the rider can act on (a 4xx domain error). */
export function isRefusal(error: unknown): boolean {
  if (!CombinedGraphQLErrors.is(error)) return false;
  const status = error.errors[0]?.extensions?.status;
  return !(typeof status === 'number' && status >= 500);
}

/**
 * The server's own words for such a refusal ("This promo code has expired."), else undefined: an
 * outage or a network failure gets the spec's generic text instead.
 */
export function refusalOf(error: unknown): string | undefined {
  return isRefusal(error) ? serverMessageOf(error) : undefined;
}
