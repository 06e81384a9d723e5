import { describe, expect, it } from '@jest/globals';
import { avatarInitial, displayName, menuLabel, showsUpgrade, TIER_BADGE } from './user-display';

describe('how the navigation shows the user', () => {
  it.each([
    [{ firstName: 'eddy', email: 'm@x.io' }, 'E'],
    [{ firstName: '  ', email: 'merckx@x.io' }, 'M'],
    [{ firstName: null, email: 'merckx@x.io' }, 'M'],
    [{ firstName: null, email: '' }, 'U'],
  ])('avatar letter of %j is %s', (user, letter) => {
    expect(avatarInitial(user)).toBe(letter);
  });

  it.each([
    [{ firstName: 'Eddy', lastName: 'Merckx' }, 'Eddy Merckx'],
    [{ firstName: 'Eddy', lastName: null }, 'Eddy'],
    [{ firstName: 'Eddy', lastName: ' ' }, 'Eddy'],
    [{ firstName: null, lastName: 'Merckx' }, 'User'],
    [{ firstName: null, lastName: null }, 'User'],
  ])('display name of %j is %s', (user, name) => {
    expect(displayName(user)).toBe(name);
  });

  it.each([
    [{ firstName: 'Eddy', lastName: 'Merckx', email: 'em@x.io' }, 'Eddy Merckx'],
    [{ firstName: 'Eddy', lastName: null, email: 'em@x.io' }, 'Eddy'],
    [{ firstName: null, lastName: 'Merckx', email: 'the.cannibal@x.io' }, 'the.cannibal'],
    [{ firstName: null, lastName: null, email: '@x.io' }, 'User'],
    [{ firstName: null, lastName: null, email: '' }, 'User'],
  ])('desktop button label of %j is %s', (user, label) => {
    expect(menuLabel(user)).toBe(label);
  });

  it('labels the tiers and prompts only free riders to upgrade', () => {
    expect(TIER_BADGE).toEqual({ free: 'FREE', pro: 'PRO', elite: 'ELITE' });
    expect(showsUpgrade('free')).toBe(true);
    expect(showsUpgrade('pro')).toBe(false);
    expect(showsUpgrade('elite')).toBe(false);
  });
});
