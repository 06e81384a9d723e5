import { describe, expect, it } from '@jest/globals';
import { dashboardGreeting, greetingName } from './greeting';

describe('dashboard greeting', () => {
  it('uses the first name when there is one', () => {
    expect(dashboardGreeting({ firstName: 'Marianne' })).toBe('Welcome back, Marianne!');
  });

  it.each([[null], [undefined], [{ firstName: null }], [{ firstName: '' }], [{ firstName: '   ' }]])(
    'falls back to "Cyclist" for %p',
    (user) => {
      expect(greetingName(user)).toBe('Cyclist');
      expect(dashboardGreeting(user)).toBe('Welcome back, Cyclist!');
    },
  );
});
