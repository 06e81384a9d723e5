import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { Observable, of } from 'rxjs';
import { createApolloClient } from './apollo-client';
import { CACHE_RETENTION_MS, CACHE_SWEEP_INTERVAL_MS, retainCache } from './cache-retention';
import { NETWORK_ERROR_MESSAGE, specErrorsLink } from './spec-errors-link';

const RIDES = gql`
  query Rides {
    rides {
      id
    }
  }
`;
const GOALS = gql`
  query Goals {
    goals {
      id
    }
  }
`;
const answer = (operationName: string) =>
  operationName === 'Rides'
    ? { data: { rides: [{ __typename: 'Ride', id: 'r1' }] } }
    : { data: { goals: [{ __typename: 'Goal', id: 'g1' }] } };

const serverError = (status: number, statusText: string, bodyText: string) =>
  new ServerError('Response not successful', {
    response: { status, statusText, headers: new Map() } as unknown as Response,
    bodyText,
  });

/** A client whose network always fails with `error`, counting the requests. */
const failingClient = (error: unknown) => {
  let requests = 0;
  const network = new ApolloLink(
    () =>
      new Observable<ApolloLink.Result>((observer) => {
        requests += 1;
        observer.error(error);
      }),
  );
  const client = new ApolloClient({
    link: ApolloLink.from([specErrorsLink, network]),
    cache: new InMemoryCache(),
  });
  return { client, requests: () => requests };
};

afterEach(() => {
  jest.useRealTimers();
});

describe('the GraphQL client', () => {
  it('has the spec defaults: served from the cache first, no polling', () => {
    jest.useFakeTimers();
    const client = createApolloClient();
    expect(client.defaultOptions.watchQuery?.fetchPolicy).toBe('cache-first');
    expect(client.defaultOptions.query?.fetchPolicy).toBe('cache-first');
    expect(client.defaultOptions.watchQuery?.pollInterval).toBeUndefined();
  });

  it('words a non-OK answer "{status}: {body}", or the status text without a body, and does not retry', async () => {
    const withBody = failingClient(serverError(429, 'Too Many Requests', '{"message":"Slow down"}'));
    const error = await withBody.client.query({ query: RIDES }).catch((e: unknown) => e);
    expect(ServerError.is(error)).toBe(true);
    expect((error as ServerError).message).toBe('429: {"message":"Slow down"}');
    expect((error as ServerError).bodyText).toBe('{"message":"Slow down"}');
    expect(withBody.requests()).toBe(1);

    const empty = failingClient(serverError(503, 'Service Unavailable', ''));
    const second = await empty.client.query({ query: RIDES }).catch((e: unknown) => e);
    expect((second as Error).message).toBe('503: Service Unavailable');
  });

  it('words a request that never reached the server "Network error occurred"', async () => {
    const { client, requests } = failingClient(new TypeError('Failed to fetch'));
    const error = await client
      .mutate({
        mutation: gql`
          mutation Sync {
            sync
          }
        `,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(requests()).toBe(1);
  });
});

describe('cache retention', () => {
  it('keeps data while a screen watches it and 5 minutes after, then drops it', async () => {
    jest.useFakeTimers();
    const client = new ApolloClient({
      link: new ApolloLink((operation) => of(answer(operation.operationName ?? ''))),
      cache: new InMemoryCache(),
    });
    // fake timers move Date.now() too
    const stop = retainCache(client);
    const tick = (ms: number) => jest.advanceTimersByTimeAsync(ms);
    const cached = () => Object.keys(client.cache.extract() as object);

    const rides = client.watchQuery({ query: RIDES }).subscribe(() => undefined);
    await client.query({ query: GOALS });
    await tick(1);
    expect(cached()).toEqual(expect.arrayContaining(['Ride:r1', 'Goal:g1']));

    // watched for ten minutes: kept; goals, unwatched, go after five
    await tick(CACHE_RETENTION_MS + 2 * CACHE_SWEEP_INTERVAL_MS);
    expect(cached()).toContain('Ride:r1');
    expect(cached()).not.toContain('Goal:g1');
    await tick(5 * CACHE_SWEEP_INTERVAL_MS);
    expect(cached()).toContain('Ride:r1');

    // the screen goes away: still served from the cache four minutes later, gone after six
    rides.unsubscribe();
    await tick(4 * CACHE_SWEEP_INTERVAL_MS);
    expect(client.readQuery({ query: RIDES })).toEqual({ rides: [{ __typename: 'Ride', id: 'r1' }] });
    await tick(2 * CACHE_SWEEP_INTERVAL_MS);
    expect(cached()).not.toContain('Ride:r1');
    expect(client.readQuery({ query: RIDES })).toBeNull();
    stop();
  });
});
