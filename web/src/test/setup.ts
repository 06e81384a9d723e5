import '@testing-library/jest-dom/jest-globals';
import { jest } from '@jest/globals';

// Whole screens render in jsdom (dialogs, tables, lazy chunks): on a busy 2-core machine a journey
// can take more than Jest's default 5 s without anything being wrong. A hang still fails.
jest.setTimeout(20_000);

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

/** jsdom has no PointerEvent (Chakra's checkboxes and toasts create them): a mouse event with a pointer id stands in. */
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  class PointerEvent extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  Object.assign(window, { PointerEvent });
}
