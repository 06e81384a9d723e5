import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '../App';
import type { SessionUser } from '../session/session.graphql';

/**
 * Draws the app into #root, or takes over the page the gateway sent already drawn (the build's
 * prerender, web/src/prerender) instead of drawing it again.
 */
export function startApp(container: HTMLElement, sessionCheck: Promise<SessionUser | null>): void {
  const app = (
    <StrictMode>
      <App sessionCheck={sessionCheck} />
    </StrictMode>
  );
  if (container.hasChildNodes()) {
    // As a transition, the work is cut into short tasks the browser can answer input between.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}
