import { createContext, useContext } from 'react';
import type { LoginInput, RegisterInput } from '../../gql/graphql';
import type { SessionUser } from './session.graphql';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface Session {
  /** the signed-in user, or null */
  user: SessionUser | null;
  status: SessionStatus;
  /** true once this tab has signed in or registered (spec section 4) */
  justAuthenticated: boolean;
  /** rejects with the GraphQL or network error; the caller shows it */
  signIn: (input: LoginInput) => Promise<SessionUser>;
  register: (input: RegisterInput) => Promise<SessionUser>;
  /** never rejects; ends with a full page load of "/" */
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
