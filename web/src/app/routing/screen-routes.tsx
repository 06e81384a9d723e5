import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { useSession } from '../session/session-context';
import { useDocumentTitle } from './page-titles';
import { PAGES } from './pages';
import { decideFallback, decideScreen, type RouteDecision } from './resolve-route';
import { routeEntries, type PageKey } from './routes';
import { SessionLoading } from './SessionLoading';

/** The top navigation (menus, drawer) only signed-in screens draw, loaded with the first of them. */
const SignedInLayout = lazy(() =>
  import('../layout/SignedInLayout').then((m) => ({ default: m.SignedInLayout })),
);

/** While a page's code arrives. */
function PageLoading() {
  return (
    <Center minH="50vh" role="status" aria-label="Loading page">
      <Spinner color="brand.solid" size="lg" />
    </Center>
  );
}

/** Draws a decision of resolve-route.ts: "Loading", a redirect, or the page (in its layout). */
function Decision({ decision }: { decision: RouteDecision }) {
  useDocumentTitle(decision.kind === 'page' ? decision.page : null);
  switch (decision.kind) {
    case 'loading':
      return <SessionLoading />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'page': {
      const Page = PAGES[decision.page];
      const drawn = (
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      );
      return decision.layout === 'signedIn' ? (
        <Suspense fallback={<PageLoading />}>
          <SignedInLayout>{drawn}</SignedInLayout>
        </Suspense>
      ) : (
        drawn
      );
    }
  }
}

/** A screen of the table at its own path, shown as its access and the session decide. */
function Screen({ page }: { page: PageKey }) {
  const { status } = useSession();
  return <Decision decision={decideScreen(page, status)} />;
}

/** Any path no screen is at. */
function Fallback() {
  const { pathname } = useLocation();
  const { status } = useSession();
  return <Decision decision={decideFallback(pathname, status)} />;
}

/** What a screen's route carries besides its path: the screen's key in the table (routes.ts). */
export interface ScreenHandle {
  page: PageKey;
}

/**
 * One route per screen of the table (routes.ts), in its order, and the fallback: the data router's
 * routes (router.tsx), matched as resolve-route.ts matches them. Each screen's title, access, code
 * and navigation entry are read from the table by its key (the route's id and handle).
 */
export const SCREEN_ROUTES: RouteObject[] = [
  ...routeEntries().flatMap(([key, { path }]): RouteObject[] =>
    path === null
      ? []
      : [
          {
            id: key,
            path,
            caseSensitive: true,
            handle: { page: key } satisfies ScreenHandle,
            element: <Screen page={key} />,
          },
        ],
  ),
  { id: 'fallback', path: '*', element: <Fallback /> },
];
