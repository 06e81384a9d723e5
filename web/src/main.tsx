import { startSessionCheck } from './app/session/session-check';
import { startDeferredPreloads } from './app/start/deferred-preloads';
import { afterNextPaint, nextTask } from './app/start/yield-to-browser';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The session check starts at once; the app's code downloads meanwhile (index.html preloads it; a
// page drawn ahead of time starts it once painted, below).
const sessionCheck = startSessionCheck();

// The start-up runs in stages, each in a task of its own, so none holds up the main thread for
// long: the routes (React and the router come with them), Chakra UI, the theme (createSystem works
// out every CSS variable), then the app itself. A page sent already drawn paints first.
if (container.hasChildNodes()) {
  await afterNextPaint();
  startDeferredPreloads();
}
const { preloadFirstScreen } = await import('./app/start/first-screen');
preloadFirstScreen(window.location.pathname);
await nextTask();
await import('./app/start/chakra');
await nextTask();
await import('./app/theme');
await nextTask();
const { startApp } = await import('./app/start/start-app');
startApp(container, sessionCheck);
