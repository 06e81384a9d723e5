import { useLayoutEffect } from 'react';
import { createBrowserRouter, useLocation, useNavigationType, type RouteObject } from 'react-router';
import { AppRoutes } from './AppRoutes';

/**
 * A new page starts at the top; back and forward are left to the browser. (React Router's
 * ScrollRestoration would write to sessionStorage as the page unloads, undoing sign-out's clear.)
 */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

function Root() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <AppRoutes />
    </>
  );
}

/**
 * One catch-all route: the screens are the route table (routes.ts), and `resolveRoute` applies each
 * one's access with the session, which lives in React context (DataProviders) above this router.
 */
export const APP_ROUTES: RouteObject[] = [{ path: '*', element: <Root /> }];

export const createAppRouter = () => createBrowserRouter(APP_ROUTES);

export type AppRouter = ReturnType<typeof createAppRouter>;
