import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React takes over a page the build drew ahead of time (web/src/prerender), true once
 * it has (and on every screen drawn in the browser from the start). A control whose handler is not
 * attached yet can say so instead of letting the browser act on it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
