import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SIGN_OUT_REDIRECT_DELAY_MS, runSignOut, type SignOutSteps } from './sign-out';

/** Lets the awaited steps before the timer run. */
const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

describe('runSignOut', () => {
  let calls: string[];
  let steps: SignOutSteps;
  let redirect: jest.Mock<(url: string) => void>;

  beforeEach(() => {
    jest.useFakeTimers();
    calls = [];
    redirect = jest.fn((url: string) => {
      calls.push(`redirect ${url}`);
    });
    steps = {
      clearLocalUser: () => calls.push('clear user'),
      callServer: async () => {
        calls.push('logout');
      },
      storages: [{ clear: () => calls.push('clear local') }, { clear: () => calls.push('clear session') }],
      redirect,
    };
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('clears the user, calls the server, clears both storages, then redirects home after 100 ms', async () => {
    const done = runSignOut(steps);
    await flush();
    expect(calls).toEqual(['clear user', 'logout', 'clear local', 'clear session']);
    expect(redirect).not.toHaveBeenCalled();

    jest.advanceTimersByTime(SIGN_OUT_REDIRECT_DELAY_MS - 1);
    expect(redirect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await done;
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith('/');
    expect(SIGN_OUT_REDIRECT_DELAY_MS).toBe(100);
  });

  it('still clears storage and redirects when the logout call fails', async () => {
    steps.callServer = () => Promise.reject(new TypeError('Failed to fetch'));
    const done = runSignOut(steps);
    await flush();
    expect(calls).toEqual(['clear user', 'clear local', 'clear session']);

    jest.advanceTimersByTime(SIGN_OUT_REDIRECT_DELAY_MS);
    await expect(done).resolves.toBeUndefined();
    expect(redirect).toHaveBeenCalledWith('/');
  });

  it('uses real storage: both are empty afterwards', async () => {
    localStorage.setItem('draft', '1');
    sessionStorage.setItem('tab', '1');
    const done = runSignOut({ ...steps, storages: [localStorage, sessionStorage] });
    await flush();
    jest.advanceTimersByTime(SIGN_OUT_REDIRECT_DELAY_MS);
    await done;
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
