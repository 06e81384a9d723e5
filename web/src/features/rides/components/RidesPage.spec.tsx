import { afterEach, describe, expect, it } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RideDto } from '@domestique/proto';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { ride, ridesPageHandlers } from '../test-rides';
import { RidesPage } from './RidesPage';
import { testUser } from '../../../test/fixtures';

const user = testUser({ stravaId: '12345' });

const page = (rides: RideDto[], totalCount: number, nextCursor: string | null) => ({
  data: { ridesPage: { __typename: 'RidesPage', rides, totalCount, nextCursor } },
});
const averages = (totalRides: number, averagePower = 190) => ({
  data: {
    userAverages: {
      __typename: 'UserAverages',
      totalRides,
      averageSpeed: 7,
      averagePower,
      averageDistance: 32_000,
    },
  },
});
const base = ridesPageHandlers;

const setup = (handlers: Record<string, OperationHandler>) => {
  const { client, calls } = fakeApolloClient({ ...base, ...handlers });
  const events = userEvent.setup();
  renderWithApp(
    <ApolloProvider client={client}>
      <RidesPage />
    </ApolloProvider>,
    { route: '/rides', session: fakeSession({ user, status: 'authenticated' }), withToaster: true },
  );
  return { calls, events };
};

afterEach(() => {
  act(() => toaster.remove());
});

describe('/rides', () => {
  it('shows ride cards with converted numbers, the count line, badges and the comparison', async () => {
    const great = ride(1, {
      name: 'Saturday Hills',
      averageSpeed: 8.9405,
      averageWatts: 200,
      hasAiFeedback: true,
      hasFeedback: true,
    });
    const plain = ride(2, { name: 'Recovery Spin', averageWatts: null, averageSpeed: 6 });
    setup({ RidesPage: () => page([great, plain], 2, null), UserAverages: () => averages(2) });

    const card = await screen.findByRole('article', { name: 'Saturday Hills' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your Rides' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 rides')).toBeInTheDocument();
    const inCard = within(card);
    expect(inCard.getByText('24.85')).toBeInTheDocument(); // 40 km in miles
    expect(inCard.getByText('1h 30m')).toBeInTheDocument();
    expect(inCard.getByText('20.00')).toBeInTheDocument(); // 8.9405 m/s in mph
    expect(inCard.getByText('1,148.29')).toBeInTheDocument(); // 350 m in feet
    expect(inCard.getByText('142')).toBeInTheDocument(); // heart rate rounded
    expect(inCard.getByText('87')).toBeInTheDocument(); // cadence rounded
    expect(inCard.getByText('AI Analyzed')).toBeInTheDocument();
    expect(inCard.getByText('Great Performance')).toBeInTheDocument();
    expect(await inCard.findByText('+27.7% vs avg')).toBeInTheDocument();

    const other = within(screen.getByRole('article', { name: 'Recovery Spin' }));
    expect(other.queryByText('AI Analyzed')).not.toBeInTheDocument();
    expect(other.queryByText('Great Performance')).not.toBeInTheDocument();
    expect(other.getByText('N/A')).toBeInTheDocument();
    expect(other.getByText('AI Analysis Pending')).toBeInTheDocument();
    expect(other.getByRole('button', { name: 'Generate AI Feedback' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Load More Rides' })).not.toBeInTheDocument();
  });

  it('says it needs more rides when there are no averages yet', async () => {
    setup({ RidesPage: () => page([ride(1)], 1, null), UserAverages: () => averages(0) });
    expect(await screen.findByText('Need more rides to calculate averages')).toBeInTheDocument();
  });

  it('loads the next page with "Load More Rides" and hides it on the last page', async () => {
    const first = Array.from({ length: 10 }, (_, i) => ride(i + 1));
    const second = [ride(11), ride(12)];
    const { calls, events } = setup({
      RidesPage: (variables) => (variables.cursor ? page(second, 12, null) : page(first, 12, 'next-cursor')),
      UserAverages: () => averages(12),
    });
    expect(await screen.findByText('Showing 10 of 12 rides')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Load More Rides' }));
    expect(await screen.findByText('Showing 12 of 12 rides')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ride 12' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Rides' })).not.toBeInTheDocument();
    expect(calls.filter((name) => name === 'RidesPage')).toHaveLength(2);
  }, 30_000);

  it('shows the empty state with Connect when Strava is not connected', async () => {
    setup({
      RidesPage: () => page([], 0, null),
      StravaConnection: () => ({
        data: {
          stravaConnection: {
            __typename: 'StravaConnection',
            connected: false,
            athleteId: null,
            connectedAt: null,
          },
        },
      }),
    });
    expect(await screen.findByText('No rides yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connect' })).toBeInTheDocument());
    expect(screen.getByText('Showing 0 of 0 rides')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sync Rides/ })).not.toBeInTheDocument();
  });

  it('syncs: "Sync Complete" with the server message, then the list refreshes', async () => {
    let pages = 0;
    const { events } = setup({
      RidesPage: () => (pages++ === 0 ? page([], 0, null) : page([ride(1, { name: 'Fresh Ride' })], 1, null)),
      UserAverages: () => averages(1),
      SyncStrava: () => ({
        data: {
          syncStrava: {
            __typename: 'SyncResult',
            message: 'Synced 1 new ride from Strava.',
            syncedCount: 1,
            status: 'completed',
          },
        },
      }),
    });
    await events.click(await screen.findByRole('button', { name: /Sync Rides/ }));
    expect(await screen.findByText('Sync Complete')).toBeInTheDocument();
    expect(screen.getByText('Synced 1 new ride from Strava.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Fresh Ride' })).toBeInTheDocument();
  });

  it('shows "Sync Failed" with the server message, or the fallback', async () => {
    const { events } = setup({
      RidesPage: () => page([], 0, null),
      SyncStrava: () => {
        throw new Error('');
      },
    });
    await events.click(await screen.findByRole('button', { name: /Sync Rides/ }));
    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to sync rides from Strava')).toBeInTheDocument();
  });
});
