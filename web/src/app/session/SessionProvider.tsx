import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { SessionContext, type Session, type SessionStatus } from './session-context';
import {
  LOGIN_MUTATION,
  LOGOUT_MUTATION,
  ME_QUERY,
  REGISTER_MUTATION,
  type SessionUser,
} from './session.graphql';
import type { LoginInput, RegisterInput } from '../../gql/graphql';
import { runSignOut } from './sign-out';

const fullPageLoad = (url: string) => window.location.assign(url);

interface SessionProviderProps {
  children: ReactNode;
  /** how sign-out leaves the app; a full page load unless a test replaces it */
  leaveApp?: (url: string) => void;
  /** the `me` answer is already in the cache (startSessionCheck ran before Apollo loaded) */
  checked?: boolean;
}

/**
 * The session: one `me` query from the network at start (or its answer already in the cache), then
 * the user the sign-in, register and sign-out helpers set. A failed `me` (no server, 503) counts as
 * signed out.
 */
export function SessionProvider({
  children,
  leaveApp = fullPageLoad,
  checked = false,
}: SessionProviderProps) {
  const client = useApolloClient();
  const me = useQuery(ME_QUERY, { fetchPolicy: checked ? 'cache-first' : 'network-only' });
  /** undefined: no local change yet, so the `me` answer decides */
  const [localUser, setLocalUser] = useState<SessionUser | null | undefined>(undefined);
  const [justAuthenticated, setJustAuthenticated] = useState(false);

  const authenticated = useCallback(
    (user: SessionUser): SessionUser => {
      client.writeQuery({ query: ME_QUERY, data: { me: user } });
      setLocalUser(user);
      setJustAuthenticated(true);
      return user;
    },
    [client],
  );

  const signIn = useCallback(
    async (input: LoginInput) => {
      const { data } = await client.mutate({ mutation: LOGIN_MUTATION, variables: { input } });
      if (!data) throw new Error('Sign-in returned no user');
      return authenticated(data.login);
    },
    [client, authenticated],
  );

  const register = useCallback(
    async (input: RegisterInput) => {
      const { data } = await client.mutate({ mutation: REGISTER_MUTATION, variables: { input } });
      if (!data) throw new Error('Registration returned no user');
      return authenticated(data.register);
    },
    [client, authenticated],
  );

  const signOut = useCallback(
    () =>
      runSignOut({
        clearLocalUser: async () => {
          setLocalUser(null);
          setJustAuthenticated(false);
          await client.clearStore();
        },
        callServer: () => client.mutate({ mutation: LOGOUT_MUTATION }),
        storages: [window.localStorage, window.sessionStorage],
        redirect: leaveApp,
      }),
    [client, leaveApp],
  );

  // The cache's copy is the fresh one (a profile or tier change updates it); the local user decides
  // who is signed in after sign-in and sign-out.
  const cached = me.data?.me ?? null;
  const user =
    localUser === undefined ? cached : localUser && cached?.id === localUser.id ? cached : localUser;
  const status: SessionStatus =
    localUser === undefined && me.loading ? 'loading' : user ? 'authenticated' : 'unauthenticated';

  const session = useMemo<Session>(
    () => ({ user, status, justAuthenticated, signIn, register, signOut }),
    [user, status, justAuthenticated, signIn, register, signOut],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
