/**
 * jsdom has no matchMedia, which the charts ask whether the screen is narrow: tests get a wide
 * screen. (Browsers have it; this file is imported by specs only.)
 */
export const stubWideScreen = (): void => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => ({
      matches: false,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
};
