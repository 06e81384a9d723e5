import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tier } from '@domestique/proto';
import { fakeSession, renderWithApp } from '../../test/render';
import type { Session } from '../session/session-context';
import type { SessionUser } from '../session/session.graphql';
import { toaster } from '../toaster';
import { TopNav } from './TopNav';
import { testUser } from '../../test/fixtures';

const rider = (overrides: Partial<SessionUser> = {}): SessionUser =>
  testUser({ email: 'paula.radcliffe@example.com', firstName: 'Paula', lastName: 'Radcliffe', ...overrides });

const setup = (user: SessionUser, route = '/rides', overrides: Partial<Session> = {}) => {
  const signOut = jest.fn<Session['signOut']>(() => new Promise<void>(() => undefined));
  const rendered = renderWithApp(<TopNav />, {
    route,
    session: fakeSession({ status: 'authenticated', user, signOut, ...overrides }),
  });
  return { ...rendered, signOut, events: userEvent.setup() };
};

const openDrawer = async (events: ReturnType<typeof userEvent.setup>) => {
  await events.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog');
};

afterEach(() => {
  act(() => toaster.remove());
});

describe('top navigation', () => {
  it('highlights the active link', () => {
    setup(rider(), '/goals');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Goals' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Rides' })).not.toHaveAttribute('aria-current');
  });

  describe('desktop user menu', () => {
    it('is labelled with the display name and offers the account items, Upgrade to Pro for free riders', async () => {
      const { events, location } = setup(rider());
      await events.click(screen.getByRole('button', { name: 'Paula Radcliffe' }));
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Profile & Settings', 'FAQ & Help', 'Upgrade to Pro', 'Sign out']);
      expect(within(menu).getByText('FREE')).toBeInTheDocument();
      expect(within(menu).getByText('paula.radcliffe@example.com')).toBeInTheDocument();
      await events.click(within(menu).getByRole('menuitem', { name: 'Profile & Settings' }));
      expect(location.current?.pathname).toBe('/profile');
    });

    it.each<[Tier, string]>([
      ['pro', 'PRO'],
      ['elite', 'ELITE'],
    ])('shows no Upgrade to Pro to a %s rider', async (tier, badge) => {
      const { events } = setup(rider({ subscriptionTier: tier }));
      expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
      await events.click(screen.getByRole('button', { name: 'Paula Radcliffe' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).queryByRole('menuitem', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
      expect(within(menu).getByText(badge)).toBeInTheDocument();
    });

    it('falls back to the email’s local part, then "User", for its label', () => {
      setup(rider({ firstName: null, lastName: 'Radcliffe' }));
      expect(screen.getByRole('button', { name: 'paula.radcliffe' })).toBeInTheDocument();
    });

    it('the Upgrade to Pro button opens the upgrade modal; the menu item leads to /subscribe', async () => {
      const { events, location } = setup(rider(), '/rides');
      await events.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
      expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
      expect(location.current?.pathname).toBe('/rides');
      await events.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('heading', { name: 'Choose Your Plan' })).not.toBeInTheDocument(),
      );
      await events.click(screen.getByRole('button', { name: 'Paula Radcliffe' }));
      await events.click(await screen.findByRole('menuitem', { name: 'Upgrade to Pro' }));
      expect(location.current?.pathname).toBe('/subscribe');
      await events.click(screen.getByRole('button', { name: 'Paula Radcliffe' }));
      await events.click(await screen.findByRole('menuitem', { name: 'FAQ & Help' }));
      expect(location.current?.pathname).toBe('/faq');
    });

    it('signs out and shows that it is signing out', async () => {
      const { events, signOut } = setup(rider());
      await events.click(screen.getByRole('button', { name: 'Paula Radcliffe' }));
      await events.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
      expect(signOut).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.getByRole('button', { name: /Signing out/ })).toBeDisabled());
    });
  });

  describe('mobile drawer', () => {
    it('shows the tier badge, avatar initial, full name and email', async () => {
      const { events } = setup(rider({ subscriptionTier: 'pro' }));
      const drawer = await openDrawer(events);
      expect(within(drawer).getByRole('heading', { name: 'Paula Radcliffe' })).toBeInTheDocument();
      expect(within(drawer).getByText('paula.radcliffe@example.com')).toBeInTheDocument();
      expect(within(drawer).getByText('PRO')).toBeInTheDocument();
      expect(within(drawer).getByText('P')).toBeInTheDocument();
      expect(within(drawer).queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    });

    it('names a rider without names "User" and draws the email’s initial', async () => {
      const { events } = setup(rider({ firstName: null, lastName: null, email: 'zed@example.com' }));
      const drawer = await openDrawer(events);
      expect(within(drawer).getByRole('heading', { name: 'User' })).toBeInTheDocument();
      expect(within(drawer).getByText('Z')).toBeInTheDocument();
    });

    it('lists the six pages, the active one marked, then the account items', async () => {
      const { events } = setup(rider(), '/analytics');
      const drawer = await openDrawer(events);
      const pages = within(within(drawer).getByRole('navigation', { name: 'Main' }));
      expect(pages.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
        [
          ['Dashboard', '/'],
          ['Rides', '/rides'],
          ['Goals', '/goals'],
          ['Analytics', '/analytics'],
          ['Coach Chat', '/coach'],
          ['Subscribe', '/subscribe'],
        ],
      );
      expect(pages.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
      expect(pages.getByRole('link', { name: 'Rides' })).not.toHaveAttribute('aria-current');
      const account = within(within(drawer).getByRole('navigation', { name: 'Account' }));
      expect(account.getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Profile & Settings',
        'FAQ & Help',
      ]);
    });

    it('opens from the keyboard, goes to a page with Enter and closes', async () => {
      const { events, location } = setup(rider(), '/rides');
      const open = screen.getByRole('button', { name: 'Open menu' });
      open.focus();
      await events.keyboard('{Enter}');
      const drawer = await screen.findByRole('dialog');
      const coach = within(drawer).getByRole('link', { name: 'Coach Chat' });
      // (Tab order inside the drawer needs a real layout: screens.e2e.ts tabs through it in Chromium)
      act(() => coach.focus());
      await events.keyboard('{Enter}');
      expect(location.current?.pathname).toBe('/coach');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('closes when a link navigates', async () => {
      const { events, location } = setup(rider());
      const drawer = await openDrawer(events);
      await events.click(within(drawer).getByRole('link', { name: 'Profile & Settings' }));
      expect(location.current?.pathname).toBe('/profile');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('closes on Upgrade to Pro, which leads to /subscribe', async () => {
      const { events, location } = setup(rider());
      const drawer = await openDrawer(events);
      expect(within(drawer).getByRole('link', { name: 'FAQ & Help' })).toHaveAttribute('href', '/faq');
      await events.click(within(drawer).getByRole('button', { name: 'Upgrade to Pro' }));
      expect(location.current?.pathname).toBe('/subscribe');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('closes on Sign out and signs out', async () => {
      const { events, signOut } = setup(rider());
      const drawer = await openDrawer(events);
      await events.click(within(drawer).getByRole('button', { name: 'Sign out' }));
      expect(signOut).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Open menu' })).toBeDisabled();
    });

    it('closes with its close button and with Escape', async () => {
      const { events } = setup(rider());
      const drawer = await openDrawer(events);
      await events.click(within(drawer).getByRole('button', { name: 'Close menu' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await openDrawer(events);
      await events.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });
});
