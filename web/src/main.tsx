import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

createRoot(container).render(
  <StrictMode>
    <App sessionCheck={sessionCheck} />
  </StrictMode>,
);
