import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/session-context';
import { useDocumentTitle } from './page-titles';
import { PAGES } from './pages';
import { resolveRoute } from './resolve-route';
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

/** Draws what `resolveRoute` decides for the current path and session. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const { status } = useSession();
  const decision = resolveRoute(pathname, status);
  useDocumentTitle(decision.kind === 'page' ? decision.page : null);

  switch (decision.kind) {
    case 'loading':
      return <SessionLoading />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'page': {
      const Page = PAGES[decision.page];
      const page = (
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      );
      return decision.layout === 'signedIn' ? (
        <Suspense fallback={<PageLoading />}>
          <SignedInLayout>{page}</SignedInLayout>
        </Suspense>
      ) : (
        page
      );
    }
  }
}
