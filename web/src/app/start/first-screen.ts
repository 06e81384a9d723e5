import { preloadPage } from '../routing/pages';
import { resolveRoute } from '../routing/resolve-route';

/**
 * Starts loading the page a signed-out visitor sees at this address. Most first visits are signed
 * out: that page's code then downloads alongside the session check instead of after its answer.
 */
export function preloadFirstScreen(pathname: string): void {
  const firstScreen = resolveRoute(pathname, 'unauthenticated');
  if (firstScreen.kind === 'page') preloadPage(firstScreen.page);
}
