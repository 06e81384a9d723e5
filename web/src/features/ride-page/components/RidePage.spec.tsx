import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { toaster } from '../../../app/toaster';
import { ride } from '../../rides/test-rides';
import { fakeApolloClient } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { testUser } from '../../../test/fixtures';
import { riderSettings } from '../../profile/test-rider-settings';
import { stubWideScreen } from '../../analytics/test-media';
import { pendingPoll } from '../hooks/use-ride-page';
import { fakeRideFetch, json, PENDING_STREAMS, RIDE_ID, testDetail, testStreams } from '../test-ride-page';

// nivo draws from measured sizes, which jsdom has not: a stand-in records the curves it was given.
jest.unstable_mockModule('@nivo/line', () => ({
  ResponsiveLine: (props: { data: { id: string; data: { x: number; y: number }[] }[] }) => (
    <div
      data-testid="power-curve-lines"
      data-series={JSON.stringify(props.data.map((s) => [s.id, s.data.map((d) => [d.x, d.y])]))}
    />
  ),
}));
const { RidePage } = await import('./RidePage');

const realFetch = globalThis.fetch;
const useFetch = (fake: ReturnType<typeof fakeRideFetch>) => {
  globalThis.fetch = fake.fetch as typeof fetch;
  return fake;
};

const feedbackClient = (units?: 'metric') =>
  fakeApolloClient({
    RiderSettings: () => ({ data: { riderSettings: riderSettings(units ? { units } : {}) } }),
    RideFeedback: () => ({
      data: {
        ride: {
          __typename: 'Ride',
          id: RIDE_ID,
          hasAiFeedback: true,
          aiFeedback: {
            __typename: 'AiFeedback',
            summary: 'A hard threshold block.',
            strengths: 'Even pacing.',
            weaknesses: 'Faded late.',
            recommendations: 'Recover tomorrow.',
            fullAnalysis: 'NP 255 W.',
            outdated: false,
          },
        },
      },
    }),
  }).client;

const renderPage = (units?: 'metric') =>
  renderWithApp(<RidePage />, {
    route: `/rides/${RIDE_ID}`,
    client: feedbackClient(units),
    session: units ? fakeSession({ user: testUser(), status: 'authenticated' }) : undefined,
  });

beforeEach(() => {
  stubWideScreen();
  pendingPoll.ms = 4000;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('RidePage', () => {
  it('shows a skeleton, then the ride with charts, route, intervals, curve, zones and feedback', async () => {
    const fake = useFetch(
      fakeRideFetch({ detail: () => json(200, testDetail()), streams: () => json(200, testStreams()) }),
    );
    renderPage();
    expect(screen.getByTestId('ride-page-loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hill repeats' })).toBeInTheDocument();
    expect(await screen.findByTestId('stream-chart-power')).toBeInTheDocument();
    for (const channel of ['heartRate', 'cadence', 'speed', 'altitude'])
      expect(screen.getByTestId(`stream-chart-${channel}`)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Route of the ride' })).toBeInTheDocument();
    const table = screen.getByTestId('intervals-table');
    expect(within(table).getByText('120%')).toBeInTheDocument();
    expect(within(table).getByText('5m')).toBeInTheDocument();
    expect(screen.getAllByTestId('interval-highlight')).toHaveLength(5);
    expect(JSON.parse(screen.getByTestId('power-curve-lines').dataset.series!)).toEqual([
      [
        '90-day best',
        [
          [1, 700],
          [60, 420],
          [600, 310],
        ],
      ],
      [
        'This ride',
        [
          [1, 320],
          [60, 300],
          [600, 300],
        ],
      ],
    ]);
    expect(
      within(screen.getByTestId('zones-power')).getByText(/Z7 Neuromuscular · 376\+ W/),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('zones-heartRate')).getByText(/LTHR 165 bpm/)).toBeInTheDocument();
    expect(await screen.findByText('A hard threshold block.')).toBeInTheDocument();
    expect(screen.getByText('1 x 5 min at 120% of FTP')).toBeInTheDocument();
    expect([...fake.calls].sort()).toEqual([
      `/api/rides/${RIDE_ID}`,
      `/api/rides/${RIDE_ID}/streams?points=1500`,
    ]);
    expect(document.title).toBe('Hill repeats - Domestique');
  });

  it('moves one cursor across every chart from the keyboard and shows the values there', async () => {
    useFetch(
      fakeRideFetch({ detail: () => json(200, testDetail()), streams: () => json(200, testStreams()) }),
    );
    renderPage();
    const cursor = await screen.findByRole('slider', { name: 'Ride charts cursor' });
    fireEvent.keyDown(cursor, { key: 'End' });
    expect(screen.getByTestId('cursor-power')).toHaveTextContent('300 W');
    expect(screen.getByTestId('cursor-heartRate')).toHaveTextContent('160 bpm');
    expect(screen.getByTestId('cursor-readout')).toHaveTextContent('19:59');
    expect(cursor).toHaveAttribute('aria-valuetext', expect.stringContaining('Power 300 W'));
    fireEvent.keyDown(cursor, { key: 'Home' });
    expect(screen.getByTestId('cursor-power')).toHaveTextContent('150 W');
    expect(screen.getByTestId('route-cursor')).toBeInTheDocument();
  });

  it('shows distance, speed and altitude in km, km/h and m for a metric rider', async () => {
    useFetch(
      fakeRideFetch({ detail: () => json(200, testDetail()), streams: () => json(200, testStreams()) }),
    );
    renderPage('metric');
    const cursor = await screen.findByRole('slider', { name: 'Ride charts cursor' });
    fireEvent.keyDown(cursor, { key: 'End' });
    // 7 m a second for 1,199 s
    expect(screen.getByTestId('cursor-readout')).toHaveTextContent('8.39 km');
    await waitFor(() => expect(screen.getByTestId('cursor-speed')).toHaveTextContent('25.20 km/h'));
    expect(screen.getByTestId('cursor-altitude')).toHaveTextContent(/^[\d,.]+ m$/);
    expect(screen.getByText('Distance', { selector: 'dt' }).nextElementSibling).toHaveTextContent('km');
    expect(document.body.textContent).not.toMatch(/\d\s*(mi|ft|mph)\b|\((mi|ft|mph)\)/);
  });

  it('zooms to an interval and shows the range averages, then back to the whole ride', async () => {
    useFetch(
      fakeRideFetch({ detail: () => json(200, testDetail()), streams: () => json(200, testStreams()) }),
    );
    renderPage();
    const averages = await screen.findByTestId('range-averages');
    expect(averages).toHaveTextContent('Whole ride');
    // the ride's own figures, from the server
    expect(averages).toHaveTextContent('Avg Power200 W');
    expect(averages).toHaveTextContent('NP215 W');
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Ride charts cursor' }), { key: 'End' });
    expect(screen.getByTestId('chart-cursor')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show interval 1 on the charts' }));
    expect(averages).toHaveTextContent('Selected range 10:00 – 15:00');
    // the cursor (at 19:59) is outside the range: not drawn beyond the charts
    expect(screen.queryByTestId('chart-cursor')).not.toBeInTheDocument();
    expect(averages).toHaveTextContent('Avg Power300 W');
    expect(averages).toHaveTextContent('NP300 W');
    expect(averages).toHaveTextContent('Avg Heart Rate160 bpm');
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(averages).toHaveTextContent('Whole ride');
  });

  it('zooms to a range marked with Shift + arrows and Enter', async () => {
    useFetch(
      fakeRideFetch({ detail: () => json(200, testDetail()), streams: () => json(200, testStreams()) }),
    );
    renderPage();
    const cursor = await screen.findByRole('slider', { name: 'Ride charts cursor' });
    fireEvent.keyDown(cursor, { key: 'Home' });
    for (let i = 0; i < 10; i += 1) fireEvent.keyDown(cursor, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(cursor, { key: 'Enter' });
    const averages = screen.getByTestId('range-averages');
    expect(averages).toHaveTextContent(/Selected range 0:00 – 2:0\d/);
    expect(averages).toHaveTextContent('Avg Power150 W');
    fireEvent.keyDown(cursor, { key: 'Escape' });
    expect(averages).toHaveTextContent('Whole ride');
  });

  it('says an indoor ride has no route', async () => {
    useFetch(
      fakeRideFetch({
        detail: () => json(200, testDetail({ indoor: true, hasGps: false })),
        streams: () => json(200, testStreams()),
      }),
    );
    renderPage();
    expect(await screen.findByText('Indoor ride: no route')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Route of the ride' })).not.toBeInTheDocument();
  });

  it('answers "Ride not found" with a way back to the rides for a 404', async () => {
    useFetch(fakeRideFetch({ detail: () => json(404, { message: 'Ride not found' }) }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ride not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your rides' })).toHaveAttribute('href', '/rides');
  });

  it('shows a failure with its message and loads again on Try again', async () => {
    let failing = true;
    useFetch(
      fakeRideFetch({
        detail: () => (failing ? json(503, { message: 'Service starting' }) : json(200, testDetail())),
        streams: () => json(200, testStreams()),
      }),
    );
    renderPage();
    expect(await screen.findByText('Could not load this ride')).toBeInTheDocument();
    expect(screen.getByText('Service starting')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hill repeats' })).toBeInTheDocument();
  });

  it('says the data is on its way while streams are pending, and draws the charts once they arrive', async () => {
    pendingPoll.ms = 30;
    let pending = true;
    const fake = useFetch(
      fakeRideFetch({
        detail: () => json(200, testDetail({ streamsPending: pending, intervals: [], powerZones: null })),
        streams: () => json(200, pending ? PENDING_STREAMS : testStreams()),
      }),
    );
    renderPage();
    expect(await screen.findByText('Fetching ride data')).toBeInTheDocument();
    expect(screen.queryByTestId('stream-chart-power')).not.toBeInTheDocument();
    await waitFor(() => expect(fake.calls.length).toBeGreaterThanOrEqual(4));
    // the streams are asked once with the detail, then not again while the detail says pending
    expect(fake.calls.filter((url) => url.includes('/streams'))).toHaveLength(1);
    pending = false;
    expect(await screen.findByTestId('stream-chart-power')).toBeInTheDocument();
    expect(screen.queryByText('Fetching ride data')).not.toBeInTheDocument();
  });

  describe('source and deletion', () => {
    const UPLOADED = 'Uploaded FIT, Garmin Edge 810';
    const detailFrom = (sourceLabel: string) =>
      testDetail({ ride: { ...ride(1, { name: 'Hill repeats', sourceLabel }), aiFeedback: null } });
    /** The ride page at /rides/:id, and a stand-in for the rides list at /rides. */
    const renderWithToaster = () =>
      renderWithApp(
        <Routes>
          <Route path="/rides/:id" element={<RidePage />} />
          <Route path="/rides" element={<p>The rides list</p>} />
        </Routes>,
        { route: `/rides/${RIDE_ID}`, client: feedbackClient(), withToaster: true },
      );

    afterEach(() => {
      act(() => toaster.remove());
    });

    it('says a Strava ride comes from Strava and offers no delete (the next sync would bring it back)', async () => {
      useFetch(
        fakeRideFetch({
          detail: () => json(200, detailFrom('Strava')),
          streams: () => json(200, testStreams()),
        }),
      );
      renderPage();
      expect(await screen.findByTestId('ride-source')).toHaveTextContent('from Strava');
      expect(screen.queryByRole('button', { name: 'Delete ride' })).not.toBeInTheDocument();
    });

    it('shows where an uploaded ride came from, and deletes it after a confirmation, back on /rides with a toast', async () => {
      const fake = useFetch(
        fakeRideFetch({
          detail: () => json(200, detailFrom(UPLOADED)),
          streams: () => json(200, testStreams()),
          remove: () => json(204, {}),
        }),
      );
      const { location } = renderWithToaster();
      expect(await screen.findByTestId('ride-source')).toHaveTextContent(UPLOADED);

      // Cancel keeps the ride
      fireEvent.click(screen.getByRole('button', { name: 'Delete ride' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete this ride?' });
      expect(within(dialog).getByText(/"Hill repeats" is deleted with its data/)).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(fake.calls.some((call) => call.startsWith('DELETE'))).toBe(false);

      fireEvent.click(screen.getByRole('button', { name: 'Delete ride' }));
      const again = await screen.findByRole('alertdialog', { name: 'Delete this ride?' });
      fireEvent.click(within(again).getByRole('button', { name: 'Delete ride' }));
      expect(await screen.findByText('Ride Deleted')).toBeInTheDocument();
      expect(fake.calls).toContain(`DELETE /api/rides/${RIDE_ID}`);
      expect(await screen.findByText('The rides list')).toBeInTheDocument();
      expect(location.current?.pathname).toBe('/rides');
    });

    it("keeps the dialog open with the server's reason when the delete fails", async () => {
      useFetch(
        fakeRideFetch({
          detail: () => json(200, detailFrom(UPLOADED)),
          streams: () => json(200, testStreams()),
          remove: () => json(409, { message: 'This ride comes from Strava.' }),
        }),
      );
      const { location } = renderWithToaster();
      fireEvent.click(await screen.findByRole('button', { name: 'Delete ride' }));
      const dialog = await screen.findByRole('alertdialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete ride' }));
      expect(await screen.findByText('Ride Not Deleted')).toBeInTheDocument();
      expect(screen.getByText('This ride comes from Strava.')).toBeInTheDocument();
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();
      expect(location.current?.pathname).toBe(`/rides/${RIDE_ID}`);
    });
  });
});
