import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeEntries, ROUTES, type PageKey } from './routes';

/** Each page is its own chunk (routes.ts, `load`), loaded the first time it is shown. */
export const PAGES = Object.fromEntries(
  routeEntries().map(([key, { load }]) => [key, lazy(() => load().then((page) => ({ default: page })))]),
) as Record<PageKey, LazyExoticComponent<ComponentType>>;

/**
 * Starts fetching a page's chunk before it is shown (while the session check runs), so it does not
 * wait for the check's answer. A failed fetch is retried, and reported, when the page is shown.
 */
export const preloadPage = (key: PageKey): void => {
  ROUTES[key].load().catch(() => undefined);
};
