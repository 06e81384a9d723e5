import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { APP_ROUTES } from '../app/routing/router';
import { resolveRoute } from '../app/routing/resolve-route';
import { routeEntries, ROUTES } from '../app/routing/routes';

/** The screens drawn at build time (routes.ts, `prerender`): what a signed-out visitor sees first (spec section 2). */
export const PRERENDERED_PATHS: readonly string[] = routeEntries().flatMap(([, { path, prerender }]) =>
  prerender && path !== null ? [path] : [],
);

export interface PrerenderedPage {
  /** the markup that goes inside `<div id="root">` */
  html: string;
  /** the document title the page sets */
  title: string;
}

/**
 * Draws a signed-out visitor's first screen of `path` as the browser's first render will (the session
 * check answered "signed out", the page's chunk loaded), styles inline. main.tsx hydrates it.
 * Runs in Node at build time (vite.config.ts), never in the browser.
 */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  const decision = resolveRoute(path, 'unauthenticated');
  if (decision.kind !== 'page') throw new Error(`${path} is not a page a signed-out visitor sees`);
  const { prelude } = await prerender(
    <StrictMode>
      <App
        sessionCheck={Promise.resolve(null)}
        createRouter={() => createMemoryRouter(APP_ROUTES, { initialEntries: [path] })}
      />
    </StrictMode>,
  );
  return { html: await new Response(prelude).text(), title: ROUTES[decision.page].title };
}
