import { describe, expect, it } from '@jest/globals';
import { APP_ROUTES } from './router';
import { SCREEN_ROUTES, type ScreenHandle } from './screen-routes';
import { routeEntries } from './routes';

describe('the data routes', () => {
  it('hold one route per screen of the table with a path, in its order, then the fallback', () => {
    const expected = routeEntries().flatMap(([key, { path }]) => (path === null ? [] : [{ key, path }]));
    const screens = SCREEN_ROUTES.slice(0, -1).map((route) => ({
      key: (route.handle as ScreenHandle).page,
      path: route.path,
    }));
    expect(screens).toEqual(expected);
    expect(SCREEN_ROUTES.every((route) => route.id)).toBe(true);
    expect(SCREEN_ROUTES.at(-1)).toMatchObject({ id: 'fallback', path: '*' });
  });

  it('match paths case-sensitively', () => {
    expect(SCREEN_ROUTES.slice(0, -1).every((route) => route.caseSensitive === true)).toBe(true);
  });

  it('are all drawn under the one root route', () => {
    expect(APP_ROUTES).toHaveLength(1);
    expect(APP_ROUTES[0]!.children).toBe(SCREEN_ROUTES);
  });
});
