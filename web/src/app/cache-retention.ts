import type { ApolloClient } from '@apollo/client';
import { Kind, type DocumentNode } from 'graphql';

/** Spec section 9: data no screen uses any more is kept 5 minutes, then dropped. */
export const CACHE_RETENTION_MS = 5 * 60 * 1000;
/** How often unused data is looked for. */
export const CACHE_SWEEP_INTERVAL_MS = 60 * 1000;

const rootFieldsOf = (document: DocumentNode): string[] =>
  document.definitions.flatMap((definition) =>
    definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'query'
      ? definition.selectionSet.selections.flatMap((selection) =>
          selection.kind === Kind.FIELD ? [selection.name.value] : [],
        )
      : [],
  );

/**
 * Keeps each cached query result while a screen watches it and for `retentionMs` after the last one
 * stopped (react-query's "gcTime"), then evicts it and collects what nothing references any more.
 * A screen that comes back later than that loads afresh; sooner, it is served from the cache.
 * Answers a function that stops the sweeping.
 */
export function retainCache(
  client: ApolloClient,
  { retentionMs = CACHE_RETENTION_MS, intervalMs = CACHE_SWEEP_INTERVAL_MS } = {},
): () => void {
  const lastWatched = new Map<string, number>();

  const sweep = () => {
    const time = Date.now();
    const watched = new Set(
      [...client.getObservableQueries('active')].flatMap((query) => rootFieldsOf(query.query)),
    );
    const cached = Object.keys((client.cache.extract() as { ROOT_QUERY?: object }).ROOT_QUERY ?? {})
      .filter((key) => key !== '__typename')
      .map((key) => key.replace(/[:(].*$/, ''));
    for (const field of new Set([...cached, ...lastWatched.keys()])) {
      if (watched.has(field)) lastWatched.set(field, time);
      else if (!lastWatched.has(field)) lastWatched.set(field, time);
    }
    let evicted = false;
    for (const [field, since] of lastWatched) {
      if (watched.has(field) || time - since < retentionMs) continue;
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: field });
      lastWatched.delete(field);
      evicted = true;
    }
    if (evicted) client.cache.gc();
  };

  const timer = setInterval(sweep, intervalMs);
  return () => clearInterval(timer);
}
