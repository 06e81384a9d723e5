import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/routing/pages';
import { resolveRoute } from './app/routing/resolve-route';
import { startSessionCheck } from './app/session/session-check';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The session check starts now, while Apollo's code downloads. Most first visits are signed out: the
// page a signed-out visitor sees here starts loading alongside the check instead of after it.
const sessionCheck = startSessionCheck();
const firstScreen = resolveRoute(window.location.pathname, 'unauthenticated');
if (firstScreen.kind === 'page') preloadPage(firstScreen.page);

const app = (
  <StrictMode>
    <App sessionCheck={sessionCheck} />
  </StrictMode>
);

if (container.hasChildNodes()) {
  // The gateway sent the page already drawn (the build's prerender, web/src/prerender): React takes
  // over that markup instead of drawing it again. As a transition, the work is cut into short tasks
  // the browser can answer input between.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
