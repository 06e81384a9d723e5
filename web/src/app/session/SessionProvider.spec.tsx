import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { fakeApolloClient, type OperationHandler } from '../../test/fake-apollo';
import { useSession, type Session } from './session-context';
import type { SessionUser } from './session.graphql';
import { SessionProvider } from './SessionProvider';
import { SIGN_OUT_REDIRECT_DELAY_MS } from './sign-out';

const rider: SessionUser = {
  __typename: 'User',
  id: 'u1',
  email: 'rider@example.com',
  firstName: 'Rider',
  lastName: 'One',
  profileImageUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  subscriptionTier: 'pro',
  stripeCustomerId: null,
  stravaId: null,
};

function Probe({ into }: { into: { session: Session | null } }) {
  const session = useSession();
  into.session = session;
  return (
    <p>
      {session.status} {session.user?.email ?? 'nobody'}{' '}
      {session.justAuthenticated ? 'just-authenticated' : ''}
    </p>
  );
}

const setup = (handlers: Record<string, OperationHandler>) => {
  const { client, calls } = fakeApolloClient(handlers);
  const leaveApp = jest.fn<(url: string) => void>();
  const probe: { session: Session | null } = { session: null };
  const wrap = (children: ReactNode) => (
    <ApolloProvider client={client}>
      <SessionProvider leaveApp={leaveApp}>{children}</SessionProvider>
    </ApolloProvider>
  );
  render(wrap(<Probe into={probe} />));
  const session = () => {
    if (!probe.session) throw new Error('not rendered');
    return probe.session;
  };
  return { client, calls, leaveApp, session };
};

describe('SessionProvider', () => {
  it('is loading until `me` answers, then authenticated with the user', async () => {
    const answers: ((value: unknown) => void)[] = [];
    const { session, calls } = setup({ Me: () => new Promise((resolve) => answers.push(resolve)) });
    expect(screen.getByText(/loading nobody/)).toBeInTheDocument();
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(screen.getByText(/loading nobody/)).toBeInTheDocument();
    expect(calls).toEqual(['Me']);

    await act(async () => answers.forEach((answer) => answer({ data: { me: rider } })));
    expect(await screen.findByText(/authenticated rider@example.com/)).toBeInTheDocument();
    expect(session().justAuthenticated).toBe(false);
  });

  it('is unauthenticated when `me` is null', async () => {
    setup({ Me: () => ({ data: { me: null } }) });
    expect(await screen.findByText(/^unauthenticated nobody/)).toBeInTheDocument();
  });

  it('counts a failed session check as signed out', async () => {
    setup({
      Me: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByText(/^unauthenticated nobody/)).toBeInTheDocument();
  });

  it('signIn sends the login mutation and sets the user and justAuthenticated', async () => {
    const login = jest.fn<OperationHandler>(() => ({ data: { login: rider } }));
    const { session, client } = setup({ Me: () => ({ data: { me: null } }), Login: login });
    await screen.findByText(/^unauthenticated/);

    await act(async () => {
      await session().signIn({ email: 'rider@example.com', password: 'secret1' });
    });
    expect(login).toHaveBeenCalledWith({ input: { email: 'rider@example.com', password: 'secret1' } });
    expect(screen.getByText('authenticated rider@example.com just-authenticated')).toBeInTheDocument();
    // the cache's `me` now holds the user too, for any other reader
    const cached = client.cache.extract() as Record<string, unknown>;
    expect(cached['User:u1']).toMatchObject({ email: 'rider@example.com' });
  });

  it('after sign-in, follows the cached user when it changes (a profile or tier update)', async () => {
    const { session, client } = setup({
      Me: () => ({ data: { me: null } }),
      Login: () => ({ data: { login: rider } }),
    });
    await screen.findByText(/^unauthenticated/);
    await act(async () => {
      await session().signIn({ email: 'rider@example.com', password: 'secret1' });
    });
    await act(async () => {
      client.cache.modify({
        id: client.cache.identify({ __typename: 'User', id: rider.id }),
        fields: { email: () => 'renamed@example.com' },
      });
    });
    expect(await screen.findByText(/authenticated renamed@example.com/)).toBeInTheDocument();
    expect(session().user?.email).toBe('renamed@example.com');
  });

  it('signIn rejects with the server error and stays signed out', async () => {
    const { session } = setup({
      Me: () => ({ data: { me: null } }),
      Login: () => ({
        data: null,
        errors: [{ message: 'Invalid email or password', extensions: { code: 'AUTH_INVALID_CREDENTIALS' } }],
      }),
    });
    await screen.findByText(/^unauthenticated/);

    await act(async () => {
      await expect(session().signIn({ email: 'a@b.co', password: 'wrong12' })).rejects.toThrow(
        'Invalid email or password',
      );
    });
    expect(screen.getByText(/^unauthenticated nobody/)).toBeInTheDocument();
  });

  describe('signOut', () => {
    beforeEach(() => {
      localStorage.setItem('kept', 'x');
      sessionStorage.setItem('kept', 'y');
    });
    afterEach(() => {
      jest.useRealTimers();
      localStorage.clear();
      sessionStorage.clear();
    });

    const signOutWith = async (logout: OperationHandler) => {
      const ctx = setup({ Me: () => ({ data: { me: rider } }), Logout: logout });
      await screen.findByText(/authenticated rider@example.com/);
      jest.useFakeTimers();
      let done: Promise<void> = Promise.resolve();
      await act(async () => {
        done = ctx.session().signOut();
        // let the cache reset and the mutation settle, but not the redirect timer
        for (let i = 0; i < 20; i += 1) await Promise.resolve();
      });
      return { ...ctx, done };
    };

    it('clears the user, calls logout, clears storage, and leaves for / after 100 ms', async () => {
      const { calls, leaveApp, done } = await signOutWith(() => ({ data: { logout: true } }));
      expect(screen.getByText(/^unauthenticated nobody/)).toBeInTheDocument();
      await waitFor(() => expect(calls).toEqual(['Me', 'Logout']), { timeout: 50 });
      expect(localStorage.length).toBe(0);
      expect(sessionStorage.length).toBe(0);
      expect(leaveApp).not.toHaveBeenCalled();

      await act(async () => {
        jest.advanceTimersByTime(SIGN_OUT_REDIRECT_DELAY_MS);
        await done;
      });
      expect(leaveApp).toHaveBeenCalledTimes(1);
      expect(leaveApp).toHaveBeenCalledWith('/');
    });

    it('still clears storage and leaves when the logout call fails', async () => {
      const { calls, leaveApp, done } = await signOutWith(() => {
        throw new TypeError('Failed to fetch');
      });
      expect(calls).toContain('Logout');
      expect(localStorage.length).toBe(0);
      expect(sessionStorage.length).toBe(0);

      await act(async () => {
        jest.advanceTimersByTime(SIGN_OUT_REDIRECT_DELAY_MS);
        await done;
      });
      expect(leaveApp).toHaveBeenCalledWith('/');
    });
  });
});
