import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { testUser } from '../../../test/fixtures';
import { useStravaSync } from '../hooks/use-strava-sync';
import { IMPORT_RUNNING, StravaConnectResult } from './StravaConnectResult';
import { describeProgress, describeStreams, SyncButton } from './SyncButton';

const status = (
  state: string,
  imported: number,
  total: number | null,
  streamsFetched: number,
  streamsTotal: number,
) => ({
  data: {
    stravaSyncStatus: {
      __typename: 'StravaSyncStatus',
      state,
      imported,
      scanned: imported,
      total,
      message: null,
      streamsFetched,
      streamsTotal,
    },
  },
});

/** The dashboard's header: the connect banner and the Sync button with its progress. */
function Header() {
  const sync = useStravaSync();
  return (
    <>
      <StravaConnectResult />
      <SyncButton
        syncing={sync.syncing}
        progress={sync.progress}
        streams={sync.streams}
        onSync={() => void sync.sync()}
      />
    </>
  );
}

const setup = (handlers: Record<string, OperationHandler>) =>
  renderWithApp(<Header />, {
    route: '/dashboard?strava=connected',
    session: fakeSession({ user: testUser(), status: 'authenticated' }),
    withToaster: true,
    client: fakeApolloClient(handlers).client,
  });

afterEach(() => {
  act(() => toaster.remove());
});

describe('Strava import progress', () => {
  it('says one count of imported rides, and the detailed data apart, newest first', () => {
    expect(describeProgress({ imported: 194, scanned: 210, total: 305 })).toBe('Imported 194 of 305 rides');
    expect(describeProgress({ imported: 1, scanned: 3, total: null })).toBe(
      'Imported 1 ride (3 activities checked)',
    );
    expect(describeStreams({ fetched: 25, total: 327 })).toBe(
      'Detailed data for 25 of 327 rides; newest first',
    );
    expect(describeStreams({ fetched: 0, total: 1 })).toBe('Detailed data for 0 of 1 ride; newest first');
  });

  it('shows the detailed data line only while rides still wait for it', () => {
    const waiting = renderWithApp(
      <SyncButton syncing={false} progress={null} streams={{ fetched: 25, total: 327 }} onSync={() => {}} />,
    );
    expect(screen.getByTestId('streams-progress')).toHaveTextContent(
      'Detailed data for 25 of 327 rides; newest first',
    );
    waiting.unmount();
    renderWithApp(<SyncButton syncing={false} progress={null} streams={null} onSync={() => {}} />);
    expect(screen.queryByTestId('streams-progress')).not.toBeInTheDocument();
  });

  it('follows the first import with the count the toast says, drops the banner when it is done, then shows the detailed data', async () => {
    let polls = 0;
    const { location } = setup({
      StravaConnection: () => ({
        data: {
          stravaConnection: {
            __typename: 'StravaConnection',
            connected: true,
            athleteId: '1',
            connectedAt: null,
          },
        },
      }),
      StravaSyncStatus: () => {
        polls += 1;
        // Strava's estimate (public rides only) is raised as the import passes it, and equals the count at the end
        if (polls <= 2) return status('running', 194, 305, 10, 194);
        if (polls <= 3) return status('running', 310, 310, 10, 310);
        return status('completed', 327, 327, 25, 327);
      },
    });
    expect(await screen.findByText(IMPORT_RUNNING)).toBeInTheDocument();
    expect(await screen.findByText('Imported 194 of 305 rides')).toBeInTheDocument();
    expect(await screen.findByText('Sync Complete', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Synced 327 new rides from Strava.')).toBeInTheDocument();
    expect(screen.queryByText(IMPORT_RUNNING)).not.toBeInTheDocument();
    expect(screen.queryByText('Strava connected')).not.toBeInTheDocument();
    expect(location.current?.search).toBe('');
    expect(screen.getByTestId('streams-progress')).toHaveTextContent(
      'Detailed data for 25 of 327 rides; newest first',
    );
  }, 20_000);
});
