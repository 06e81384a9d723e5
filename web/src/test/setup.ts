import '@testing-library/jest-dom/jest-globals';

// jsdom has no TextEncoder/TextDecoder, which react-router needs. Borrow Node's. The specifier is a
// variable so the browser-only type program (no Node types) does not try to resolve it.
if (typeof globalThis.TextEncoder === 'undefined') {
  const nodeUtil = 'node:util';
  const { TextEncoder, TextDecoder } = (await import(nodeUtil)) as Pick<
    typeof globalThis,
    'TextEncoder' | 'TextDecoder'
  >;
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom has no ResizeObserver, which positioned overlays (menus, popovers, selects) use to follow
// their anchor. Layout never changes in jsdom, so an observer that never fires is faithful.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
