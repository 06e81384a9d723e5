import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_LINKS, NAV_LINKS, isNavLinkActive } from './nav-links';

describe('top navigation', () => {
  it('lists the six links of the spec in order', () => {
    expect(NAV_LINKS.map((l) => [l.to, l.label])).toEqual([
      ['/', 'Dashboard'],
      ['/rides', 'Rides'],
      ['/goals', 'Goals'],
      ['/analytics', 'Analytics'],
      ['/coach', 'Coach Chat'],
      ['/subscribe', 'Subscribe'],
    ]);
  });

  it('lists the account links of the user menu and the drawer in order', () => {
    expect(ACCOUNT_LINKS.map((l) => [l.to, l.label])).toEqual([
      ['/profile', 'Profile & Settings'],
      ['/faq', 'FAQ & Help'],
    ]);
  });

  it.each([
    ['/', '/', true],
    ['/', '/dashboard', true],
    ['/', '/rides', false],
    ['/rides', '/rides', true],
    ['/rides', '/rides/42', true],
    ['/rides', '/ridesx', false],
    ['/goals', '/rides', false],
    ['/subscribe', '/profile', false],
  ] as const)('link %s is active on %s: %s', (to, pathname, active) => {
    expect(isNavLinkActive(to, pathname)).toBe(active);
  });
});
