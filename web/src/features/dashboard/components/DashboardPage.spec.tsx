import { afterEach, describe, expect, it } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { ride } from '../../rides/test-rides';
import { riderSettings } from '../../profile/test-rider-settings';
import { DashboardPage } from './DashboardPage';
import { testUser } from '../../../test/fixtures';

const rider = (tier: 'free' | 'pro') =>
  testUser({
    firstName: 'Paula',
    createdAt: '2025-01-05T12:00:00.000Z',
    subscriptionTier: tier,
    stravaId: '12345',
  });
const stats =
  (rides = [ride(1, { name: 'Latest Loop' }), ride(2), ride(3), ride(4)]) =>
  () => ({
    data: {
      dashboardStats: {
        __typename: 'DashboardStats',
        weeklyStats: {
          __typename: 'WeeklyStats',
          totalDistance: 61.23,
          totalTime: 11_100,
          totalElevation: 2345.67,
          avgPower: 187,
        },
        recentRides: rides,
      },
    },
  });
const connection = (connected: boolean) => () => ({
  data: {
    stravaConnection: { __typename: 'StravaConnection', connected, athleteId: null, connectedAt: null },
  },
});
const syncStatus = (state: string, imported = 0, total: number | null = null) => ({
  data: {
    stravaSyncStatus: {
      __typename: 'StravaSyncStatus',
      state,
      imported,
      scanned: imported,
      total,
      message: null,
    },
  },
});

const setup = (tier: 'free' | 'pro', handlers: Record<string, OperationHandler>, route = '/dashboard') => {
  const { client, calls } = fakeApolloClient(handlers);
  const events = userEvent.setup();
  const rendered = renderWithApp(
    <ApolloProvider client={client}>
      <DashboardPage />
    </ApolloProvider>,
    { route, session: fakeSession({ user: rider(tier), status: 'authenticated' }), withToaster: true },
  );
  return { calls, events, ...rendered };
};

afterEach(() => {
  act(() => toaster.remove());
});

describe('/dashboard', () => {
  it('shows the week, the latest ride, rides 2-4, the coach card and the promo for a free rider', async () => {
    setup('free', {
      DashboardStats: stats(),
      StravaConnection: connection(true),
      StravaSyncStatus: () => syncStatus('idle'),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Paula!' })).toBeInTheDocument();
    expect(await screen.findByText('61.23')).toBeInTheDocument();
    expect(screen.getByText('3h 5m')).toBeInTheDocument();
    expect(screen.getByText('2,345.67')).toBeInTheDocument();
    expect(screen.getByText('187')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Latest Loop' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Analysis' })).toHaveAttribute('href', '/rides');
    const recent = within(screen.getByRole('region', { name: 'Recent Rides' }));
    expect(recent.getAllByRole('listitem')).toHaveLength(3);
    expect(recent.getByText('Ride 2')).toBeInTheDocument();
    expect(recent.getByText('Ride 4')).toBeInTheDocument();
    expect(recent.queryByText('Latest Loop')).not.toBeInTheDocument();
    // each is a link, named by the ride, to the ride's page; so is the latest ride's name
    expect(recent.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Ride 2', '/rides/00000000-0000-4000-8000-000000000002'],
      ['Ride 3', '/rides/00000000-0000-4000-8000-000000000003'],
      ['Ride 4', '/rides/00000000-0000-4000-8000-000000000004'],
    ]);
    expect(screen.getByRole('link', { name: 'Latest Loop' }).getAttribute('href')).toMatch(
      /^\/rides\/[0-9a-f-]{36}$/,
    );
    expect(screen.getByText('PRO FEATURE')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Go Pro' })).toBeInTheDocument();
  });

  it('shows every distance, elevation and speed in km, m and km/h for a metric rider', async () => {
    setup('pro', {
      DashboardStats: stats(),
      StravaConnection: connection(true),
      StravaSyncStatus: () => syncStatus('idle'),
      RiderSettings: () => ({ data: { riderSettings: riderSettings({ units: 'metric' }) } }),
    });
    // the week's 61.23 mi and 2,345.67 ft; the rides' 40,000 m, 350 m and 7.4 m/s
    expect(await screen.findByText('98.54')).toBeInTheDocument();
    expect(screen.getByText('714.96')).toBeInTheDocument();
    const latest = within(screen.getByRole('heading', { name: 'Latest Loop' }).closest('section')!);
    expect(latest.getByText('40.00')).toBeInTheDocument();
    expect(latest.getByText('26.64')).toBeInTheDocument();
    expect(latest.getByText('350.00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Recent Rides' })).getAllByText('40.00 km'),
    ).toHaveLength(3);
    expect(screen.getAllByText('km').length).toBeGreaterThan(0);
    expect(screen.getByText('km/h')).toBeInTheDocument();
    expect(screen.queryByText(/\b(mi|ft|mph)\b/)).not.toBeInTheDocument();
  });

  it('hides the PRO FEATURE mark and the promo for a paid rider', async () => {
    setup('pro', {
      DashboardStats: stats(),
      StravaConnection: connection(true),
      StravaSyncStatus: () => syncStatus('idle'),
    });
    expect(await screen.findByRole('heading', { name: 'Latest Loop' })).toBeInTheDocument();
    expect(screen.queryByText('PRO FEATURE')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Go Pro' })).not.toBeInTheDocument();
  });

  it('offers Connect in the "No rides yet" panel and says why a connection failed', async () => {
    setup(
      'free',
      {
        DashboardStats: stats([]),
        StravaConnection: connection(false),
        StravaSyncStatus: () => syncStatus('idle'),
      },
      '/dashboard?strava=denied&reason=scope',
    );
    expect(await screen.findByText('No rides yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.getByText('Strava was not connected')).toBeInTheDocument();
    expect(screen.getByText(/needs permission to read all your activities/)).toBeInTheDocument();
  });

  it('follows a long import with a progress bar and counts, then says "Sync Complete"', async () => {
    let polls = 0;
    const { events } = setup('free', {
      DashboardStats: stats([]),
      StravaConnection: connection(true),
      StravaSyncStatus: () => {
        polls += 1;
        if (polls === 1) return syncStatus('idle');
        if (polls <= 3) return syncStatus('running', 40 * polls, 300);
        return syncStatus('completed', 300, 300);
      },
      SyncStrava: () => ({
        data: {
          syncStrava: {
            __typename: 'SyncResult',
            message: 'Your rides are still importing from Strava. They will appear as they arrive.',
            syncedCount: 40,
            status: 'running',
          },
        },
      }),
    });
    await events.click(await screen.findByRole('button', { name: /Sync Rides/ }));
    expect(await screen.findByText(/Imported \d+ of 300 rides/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Syncing/ })).toBeDisabled();
    expect(await screen.findByText('Sync Complete', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText('Synced 300 new rides from Strava.')).toBeInTheDocument();
  }, 20_000);

  it('follows the first import already running when the page opens (after connecting)', async () => {
    let polls = 0;
    setup(
      'free',
      {
        DashboardStats: stats([]),
        StravaConnection: connection(true),
        StravaSyncStatus: () => {
          polls += 1;
          return polls <= 2 ? syncStatus('running', 0) : syncStatus('completed', 12);
        },
      },
      '/dashboard?strava=connected',
    );
    expect(await screen.findByText('Imported 0 rides (0 activities checked)')).toBeInTheDocument();
    expect(screen.getByText('Strava connected')).toBeInTheDocument();
    expect(await screen.findByText('Sync Complete', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText('Synced 12 new rides from Strava.')).toBeInTheDocument();
  }, 20_000);
});
