import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, renderWithApp } from '../../test/render';
import type { Session } from '../session/session-context';
import type { SessionUser } from '../session/session.graphql';
import { testUser } from '../../test/fixtures';

// the charts' libraries (nivo over d3's ES modules) do not load in jsdom; routing does not need them
jest.unstable_mockModule('@nivo/line', () => ({ ResponsiveLine: () => null }));
jest.unstable_mockModule('@nivo/bar', () => ({ ResponsiveBar: () => null }));
const { AppRoutes } = await import('./AppRoutes');

const rider: SessionUser = testUser();

const signedIn = (overrides: Partial<Session> = {}) =>
  fakeSession({ status: 'authenticated', user: rider, ...overrides });
const signedOut = () => fakeSession({ status: 'unauthenticated' });
const checking = () => fakeSession({ status: 'loading' });

// a page's chunk loads on first use, which can take a few seconds on a busy machine
const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 });

describe('AppRoutes', () => {
  it('shows plain "Loading" while the session check runs', () => {
    renderWithApp(<AppRoutes />, { route: '/rides', session: checking() });
    expect(screen.getByText('Loading')).toBeInTheDocument();
  });

  it('shows the always-available pages while the session check runs', async () => {
    renderWithApp(<AppRoutes />, { route: '/faq', session: checking() });
    expect(await heading('Frequently Asked Questions')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  describe('signed out', () => {
    it('shows the landing page on /', async () => {
      renderWithApp(<AppRoutes />, { route: '/', session: signedOut() });
      expect(await heading(/AI coaching/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
      expect(screen.getByRole('link', { name: /Get Started Free/ })).toHaveAttribute(
        'href',
        '/auth?mode=register',
      );
      expect(within(screen.getByRole('banner')).getByText('Domestique')).toBeInTheDocument();
      expect(document.title).toBe('Domestique - AI Cycling Coach');
    });

    it('sends a protected path back to /', async () => {
      const { location } = renderWithApp(<AppRoutes />, { route: '/goals', session: signedOut() });
      expect(await heading(/AI coaching/)).toBeInTheDocument();
      expect(location.current?.pathname).toBe('/');
    });

    it('shows the auth page on any other path', async () => {
      const { location } = renderWithApp(<AppRoutes />, { route: '/somewhere', session: signedOut() });
      expect(await heading('Welcome back')).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toBeInTheDocument();
      expect(document.title).toBe('Sign In - Domestique');
      expect(location.current?.pathname).toBe('/somewhere');
    });
  });

  describe('signed in', () => {
    it('goes from / to /dashboard and greets the user by first name', async () => {
      const { location } = renderWithApp(<AppRoutes />, { route: '/', session: signedIn() });
      expect(await heading('Welcome back, Rider!')).toBeInTheDocument();
      expect(location.current?.pathname).toBe('/dashboard');
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('link', { name: 'Rides' })).not.toHaveAttribute('aria-current');
    });

    it('greets a user without a first name as Cyclist', async () => {
      renderWithApp(<AppRoutes />, {
        route: '/dashboard',
        session: signedIn({ user: { ...rider, firstName: null } }),
      });
      expect(await heading('Welcome back, Cyclist!')).toBeInTheDocument();
    });

    it('goes from /auth to /dashboard', async () => {
      const { location } = renderWithApp(<AppRoutes />, { route: '/auth', session: signedIn() });
      expect(await heading('Welcome back, Rider!')).toBeInTheDocument();
      expect(location.current?.pathname).toBe('/dashboard');
    });

    it.each([
      ['/rides', 'Your Rides', 'Rides'],
      ['/coach', 'Coach Chat', 'Coach Chat'],
      ['/goals', 'Your Goals', 'Goals'],
      ['/analytics', 'Lifetime Analytics', 'Analytics'],
      ['/subscribe', 'Choose Your Plan', 'Subscribe'],
      ['/profile', 'Profile & Settings', null],
    ])('%s shows "%s" under the top navigation', async (route, title, activeLink) => {
      renderWithApp(<AppRoutes />, { route, session: signedIn() });
      expect(await heading(title)).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      const current = screen.queryAllByRole('link', { current: 'page' }).map((link) => link.textContent);
      expect(current).toEqual(activeLink ? [activeLink] : []);
    });

    it('shows the not-found page on an unknown path, with a way home', async () => {
      renderWithApp(<AppRoutes />, { route: '/nowhere', session: signedIn() });
      expect(await heading('404 Page Not Found')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    });

    it('signs out from the top navigation', async () => {
      const signOut = jest.fn<Session['signOut']>(() => new Promise<void>(() => undefined));
      renderWithApp(<AppRoutes />, { route: '/rides', session: signedIn({ signOut }) });
      await heading('Your Rides');
      await userEvent.click(screen.getByRole('button', { name: 'Rider One' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
      expect(signOut).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.getByRole('button', { name: /Signing out/ })).toBeDisabled());
    });
  });

  it.each([
    ['/admin-login', 'Admin Login'],
    // without an admin session /admin sends the visitor to /admin-login (spec section 6)
    ['/admin', 'Admin Login'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password', 'Reset Password'],
  ])('%s is public: "%s"', async (route, title) => {
    renderWithApp(<AppRoutes />, { route, session: signedOut() });
    expect(await heading(title)).toBeInTheDocument();
  });
});
