import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter, type AppRouter } from './routing/router';
import type { SessionUser } from './session/session.graphql';
import { SessionLoading } from './routing/SessionLoading';
import { system } from './theme';

/** Apollo and the session arrive in their own chunk; until then the screen reads "Loading". */
const DataProviders = lazy(() => import('./DataProviders').then((m) => ({ default: m.DataProviders })));
/** Toasts only follow something the visitor does, so their code is not needed to paint. */
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

interface AppProps {
  /** the session check main.tsx started (startSessionCheck) */
  sessionCheck: Promise<SessionUser | null>;
  /** the browser's router unless given (the build's prerender draws a page from a memory router) */
  createRouter?: () => AppRouter;
}

/** Theme, GraphQL client, session, routes and toasts: everything a screen may rely on. */
export function App({ sessionCheck, createRouter = createAppRouter }: AppProps) {
  const [router] = useState(createRouter);
  return (
    <ChakraProvider value={system}>
      <Suspense fallback={<SessionLoading />}>
        <DataProviders sessionCheck={sessionCheck}>
          <RouterProvider router={router} />
        </DataProviders>
      </Suspense>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </ChakraProvider>
  );
}
