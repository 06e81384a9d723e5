import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { SessionContext, type Session } from '../app/session/session-context';
import { system } from '../app/theme';
import { AppToaster } from '../app/toaster';
import { fakeApolloClient } from './fake-apollo';

/** A session whose helpers fail loudly unless a test replaces them. */
export function fakeSession(overrides: Partial<Session> = {}): Session {
  return {
    user: null,
    status: 'unauthenticated',
    justAuthenticated: false,
    signIn: () => Promise.reject(new Error('signIn not faked')),
    register: () => Promise.reject(new Error('register not faked')),
    signOut: () => Promise.resolve(),
    ...overrides,
  };
}

interface RenderOptions {
  /** the URL the memory router starts at */
  route?: string;
  session?: Session;
  /** render the toaster too, to assert on toasts */
  withToaster?: boolean;
  /** the GraphQL client; by default one that fails every operation loudly (see fakeApolloClient) */
  client?: ApolloClient;
}

/** Where the router is now; updated on every navigation. */
export interface CurrentLocation {
  current: Location | null;
}

function LocationProbe({ into }: { into: CurrentLocation }) {
  into.current = useLocation();
  return null;
}

/**
 * Renders `ui` for every path inside the theme, a given session and a memory router.
 * (A memory *data* router needs the Fetch API's Request, which jsdom lacks.)
 */
export function renderWithApp(
  ui: ReactElement,
  {
    route = '/',
    session = fakeSession(),
    withToaster = false,
    client = fakeApolloClient({}).client,
  }: RenderOptions = {},
) {
  const location: CurrentLocation = { current: null };
  const result = render(
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[route]}>
            <LocationProbe into={location} />
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </ApolloProvider>
      {withToaster ? <AppToaster /> : null}
    </ChakraProvider>,
  );
  return { ...result, location };
}
