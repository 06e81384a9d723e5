import { useLayoutEffect } from 'react';
import { createBrowserRouter, Outlet, useLocation, useNavigationType, type RouteObject } from 'react-router';
import { SCREEN_ROUTES } from './screen-routes';

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
      <Outlet />
    </>
  );
}

/**
 * The app's data routes: a root drawing every screen, and under it one route per screen of the
 * table (routes.ts) plus the fallback (screen-routes.tsx). Each screen applies its access with the
 * session, which lives in React context (DataProviders) above this router.
 */
export const APP_ROUTES: RouteObject[] = [{ id: 'root', element: <Root />, children: SCREEN_ROUTES }];

export const createAppRouter = () => createBrowserRouter(APP_ROUTES);

export type AppRouter = ReturnType<typeof createAppRouter>;
