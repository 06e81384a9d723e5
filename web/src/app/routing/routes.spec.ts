import { describe, expect, it } from '@jest/globals';
import { resolveRoute } from './resolve-route';
import { FALLBACK, HOME, pathOf, routeEntries, ROUTES } from './routes';

const entries = routeEntries();

describe('the route table', () => {
  it('puts each screen at its own path', () => {
    const paths = entries.flatMap(([, { path }]) => (path === null ? [] : [path]));
    expect(new Set(paths).size).toBe(paths.length);
    // lower-case segments, each a word or a :parameter
    for (const path of paths) expect(path).toMatch(/^\/([a-z-]+(\/:[a-z]+)?)?$/);
  });

  it('gives each screen a title of its own', () => {
    const titles = entries.map(([, { title }]) => title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(ROUTES.landing.title).toBe('Domestique - AI Cycling Coach');
    for (const title of titles.slice(1)) expect(title).toMatch(/ - Domestique$/);
  });

  it('numbers each navigation group 1, 2, 3... without gaps', () => {
    for (const group of ['main', 'account'] as const) {
      const orders = entries
        .flatMap(([, { nav }]) => (nav?.group === group ? [nav.order] : []))
        .sort((a, b) => a - b);
      expect(orders).toEqual(orders.map((_, index) => index + 1));
    }
  });

  it('links from the navigation only to screens a signed-in rider reaches', () => {
    for (const [key, { nav }] of entries) {
      if (!nav) continue;
      expect(resolveRoute(nav.to ?? pathOf(key), 'authenticated')).not.toEqual(
        expect.objectContaining({ kind: 'page', page: FALLBACK.signedIn }),
      );
    }
  });

  it('prerenders only screens a signed-out visitor sees at their path', () => {
    const prerendered = entries.filter(([, entry]) => entry.prerender);
    expect(prerendered.map(([key]) => key)).toEqual(['landing', 'auth']);
    for (const [key] of prerendered) {
      expect(resolveRoute(pathOf(key), 'unauthenticated')).toEqual({
        kind: 'page',
        page: key,
        layout: 'bare',
      });
    }
  });

  it('sends each session home to a screen it may see', () => {
    expect(resolveRoute(pathOf(HOME.signedIn), 'authenticated')).toEqual(
      expect.objectContaining({ kind: 'page', page: HOME.signedIn }),
    );
    expect(resolveRoute(pathOf(HOME.signedOut), 'unauthenticated')).toEqual(
      expect.objectContaining({ kind: 'page', page: HOME.signedOut }),
    );
  });

  it('refuses the path of a fallback-only screen', () => {
    expect(() => pathOf('notFound')).toThrow('no path');
  });
});
