import { afterEach, describe, expect, it } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { AccountStatisticsCard } from './AccountStatisticsCard';
import { ConnectedServicesCard } from './ConnectedServicesCard';
import { testUser } from '../../../test/fixtures';

const user = testUser({ createdAt: '2025-01-05T12:00:00.000Z', stravaId: '12345' });
const connection = (connected: boolean) => () => ({
  data: {
    stravaConnection: {
      __typename: 'StravaConnection',
      connected,
      athleteId: connected ? '12345' : null,
      connectedAt: connected ? '2026-02-01T10:00:00.000Z' : null,
    },
  },
});

const setup = (ui: ReactElement, handlers: Record<string, OperationHandler>) => {
  const { client, calls } = fakeApolloClient(handlers);
  const events = userEvent.setup();
  renderWithApp(<ApolloProvider client={client}>{ui}</ApolloProvider>, {
    route: '/profile',
    session: fakeSession({ user, status: 'authenticated' }),
    withToaster: true,
  });
  return { calls, events };
};

afterEach(() => {
  act(() => toaster.remove());
});

describe('Connected Services card', () => {
  it('shows Not connected with Connect', async () => {
    setup(<ConnectedServicesCard />, { StravaConnection: connection(false) });
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });

  it('confirms before disconnecting and keeps the card in step', async () => {
    const { calls, events } = setup(<ConnectedServicesCard />, {
      StravaConnection: connection(true),
      DisconnectStrava: () => ({ data: { disconnectStrava: true } }),
    });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect from Strava?' });
    expect(within(dialog).getByText(/Syncing of new rides will stop/)).toBeInTheDocument();
    expect(within(dialog).getByText(/existing ride data will be preserved/)).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('DisconnectStrava');

    await events.click(screen.getByRole('button', { name: 'Disconnect' }));
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect Strava' }),
    );
    expect(await screen.findByText('Strava Disconnected')).toBeInTheDocument();
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(calls.filter((name) => name === 'DisconnectStrava')).toHaveLength(1);
  });

  it('shows "Disconnect Failed" with the server message', async () => {
    const { events } = setup(<ConnectedServicesCard />, {
      StravaConnection: connection(true),
      DisconnectStrava: () => {
        throw new CombinedGraphQLErrors({
          data: null,
          errors: [{ message: 'Strava is not connected. Connect Strava to sync your rides.' }],
        });
      },
    });
    await events.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect Strava' }),
    );
    expect(await screen.findByText('Disconnect Failed')).toBeInTheDocument();
    expect(
      screen.getAllByText('Strava is not connected. Connect Strava to sync your rides.').length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});

describe('Account Statistics card', () => {
  it('shows total rides, AI analyses and the long member-since date', async () => {
    setup(<AccountStatisticsCard />, {
      RideTotals: () => ({
        data: { rideTotals: { __typename: 'RideTotals', totalRides: 42, analysedRides: 7 } },
      }),
    });
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('January 5, 2025')).toBeInTheDocument();
    expect(screen.getByText('Total Rides')).toBeInTheDocument();
    expect(screen.getByText('AI Analyses')).toBeInTheDocument();
    expect(screen.getByText('Member since')).toBeInTheDocument();
  });
});
