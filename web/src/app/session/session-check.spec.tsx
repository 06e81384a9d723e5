import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { testUser } from '../../test/fixtures';
import { DataProviders } from '../DataProviders';
import { useSession } from './session-context';
import { startSessionCheck } from './session-check';
import type { SessionUser } from './session.graphql';

/** Issue 10: the session check runs as a plain request while Apollo's code downloads. */

const rider: SessionUser = { ...testUser(), __typename: 'User' };

// jsdom has no fetch or Response: an answer is the part of a Response the check reads
const answering = (response: Response | Error) =>
  jest.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );

const json = (body: unknown, status = 200) =>
  ({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) }) as Response;

describe('startSessionCheck', () => {
  it('sends the Me query to /graphql with the session cookie and answers the user', async () => {
    const fetchFn = answering(json({ data: { me: rider } }));
    await expect(startSessionCheck(fetchFn)).resolves.toEqual(rider);
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('/graphql');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(init!.headers).toMatchObject({ 'content-type': 'application/json' });
    const body = JSON.parse(init!.body as string) as { operationName: string; query: string };
    expect(body.operationName).toBe('Me');
    expect(body.query).toMatch(/query Me \{\s*me \{\s*\.\.\.SessionUserFields/);
    expect(body.query).toMatch(/fragment SessionUserFields on User \{[^}]*__typename[^}]*subscriptionTier/);
  });

  it.each([
    ['signed out', json({ data: { me: null } })],
    ['a 503', json({ message: 'Service unavailable' }, 503)],
    ['GraphQL errors', json({ data: null, errors: [{ message: 'boom' }] })],
    ['no server', new TypeError('Failed to fetch')],
  ])('counts %s as signed out', async (_case, response) => {
    await expect(startSessionCheck(answering(response))).resolves.toBeNull();
  });
});

function Probe() {
  const { status, user } = useSession();
  return (
    <p>
      {status} {user?.email ?? 'nobody'}
    </p>
  );
}

describe('DataProviders', () => {
  it('shows the fallback until the check answers, then the session it found, without asking again', async () => {
    let answer: (user: SessionUser | null) => void = () => undefined;
    const sessionCheck = new Promise<SessionUser | null>((resolve) => (answer = resolve));
    const fetchSpy = jest.fn<typeof fetch>(() => Promise.reject(new Error('no request expected')));
    globalThis.fetch = fetchSpy;
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <DataProviders sessionCheck={sessionCheck}>
            <Probe />
          </DataProviders>
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => answer(rider));
    expect(await screen.findByText(`authenticated ${rider.email}`)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is signed out when the check found nobody', async () => {
    globalThis.fetch = jest.fn<typeof fetch>(() => Promise.reject(new Error('no request expected')));
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <DataProviders sessionCheck={Promise.resolve(null)}>
            <Probe />
          </DataProviders>
        </Suspense>,
      );
    });
    expect(await screen.findByText('unauthenticated nobody')).toBeInTheDocument();
  });
});
