import { afterEach, describe, expect, it } from '@jest/globals';
import { useQuery } from '@apollo/client/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UploadMessages } from '@domestique/proto';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient } from '../../../test/fake-apollo';
import { renderWithApp } from '../../../test/render';
import { RIDES_PAGE_QUERY } from '../../rides/graphql/rides.graphql';
import { UploadServerError } from '../api/upload-api';
import { REFRESH_DELAY_MS } from '../hooks/use-upload-queue';
import type { UploadQueue } from '../upload-queue';
import { archive, fileOf, IMPORT_ID, manualQueue, RIDE_A, RIDE_B } from '../test-uploads';
import { RideUploadPanel, UPLOAD_HINT } from './RideUploadPanel';

let queues: UploadQueue[] = [];
const setup = (options: Parameters<typeof manualQueue>[0] = {}) => {
  const fake = manualQueue(options);
  queues.push(fake.queue);
  const apollo = fakeApolloClient({});
  renderWithApp(<RideUploadPanel queue={fake.queue} />, {
    route: '/rides',
    client: apollo.client,
    withToaster: true,
  });
  return { ...fake, calls: apollo.calls, events: userEvent.setup({ applyAccept: false }) };
};

const row = (name: string) => screen.getByRole('listitem', { name });

afterEach(() => {
  for (const queue of queues) queue.dispose();
  queues = [];
  act(() => toaster.remove());
});

describe('RideUploadPanel', () => {
  it('offers a keyboard-reachable picker for several activity files or a zip, and says what it takes', async () => {
    const { events, pending } = setup();
    expect(screen.getByRole('heading', { level: 2, name: 'Upload ride files' })).toBeInTheDocument();
    expect(screen.getByText(UPLOAD_HINT)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
    const input = screen.getByLabelText('Ride files to upload');
    expect(input).toHaveAttribute('accept', '.fit,.gpx,.tcx,.gz,.zip');
    expect(input).toHaveAttribute('multiple');

    await events.tab();
    expect(screen.getByRole('button', { name: 'Upload files' })).toHaveFocus();
    await events.upload(input, [fileOf('a.fit'), fileOf('b.gpx')]);
    expect(pending.map((p) => p.file.name)).toEqual(['a.fit', 'b.gpx']);
  });

  it('shows each file with its own progress, then its result: a link to the ride, the duplicate, or the refusal', async () => {
    const { events, upload, calls } = setup();
    await events.upload(screen.getByLabelText('Ride files to upload'), [
      fileOf('edge.fit', 148_037),
      fileOf('run.fit'),
      fileOf('again.tcx'),
      fileOf('notes.txt'),
    ]);

    // refused by the rules before any request
    expect(within(row('notes.txt')).getByText('Not uploaded')).toBeInTheDocument();
    expect(within(row('notes.txt')).getByText(UploadMessages.wrongExtension)).toBeInTheDocument();
    expect(within(row('again.tcx')).getByText('Waiting to upload')).toBeInTheDocument();
    expect(within(row('edge.fit')).getByText('145 KB')).toBeInTheDocument();

    const edge = upload('edge.fit');
    act(() => edge.progress(74_000, 148_037));
    expect(within(row('edge.fit')).getByRole('progressbar', { name: 'Upload of edge.fit' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(row('edge.fit')).getByText('50%')).toBeInTheDocument();
    act(() => edge.progress(148_037, 148_037));
    expect(within(row('edge.fit')).getByText('Reading')).toBeInTheDocument();

    await act(async () => edge.resolve({ file: 'edge.fit', status: 'imported', rideId: RIDE_A }));
    expect(within(row('edge.fit')).getByText('Imported')).toBeInTheDocument();
    expect(within(row('edge.fit')).getByRole('link', { name: 'View ride' })).toHaveAttribute(
      'href',
      `/rides/${RIDE_A}`,
    );

    await act(async () =>
      upload('run.fit').resolve({
        file: 'run.fit',
        status: 'rejected',
        message: 'This is a run, not a ride.',
      }),
    );
    expect(within(row('run.fit')).getByText('Not imported')).toBeInTheDocument();
    expect(within(row('run.fit')).getByText('This is a run, not a ride.')).toBeInTheDocument();
    expect(within(row('run.fit')).queryByRole('link')).not.toBeInTheDocument();

    await act(async () =>
      upload('again.tcx').resolve({
        file: 'again.tcx',
        status: 'duplicate',
        rideId: RIDE_B,
        message: UploadMessages.duplicate,
      }),
    );
    expect(within(row('again.tcx')).getByText('Duplicate')).toBeInTheDocument();
    expect(within(row('again.tcx')).getByText(UploadMessages.duplicate)).toBeInTheDocument();
    expect(within(row('again.tcx')).getByRole('link', { name: 'View existing ride' })).toHaveAttribute(
      'href',
      `/rides/${RIDE_B}`,
    );

    // settled rows can be cleared
    await events.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
    // no GraphQL query was on screen to refresh, and none was invented
    expect(calls).toEqual([]);
  });

  it('refreshes the rides on screen once a file brought a ride', async () => {
    const fake = manualQueue();
    queues.push(fake.queue);
    const apollo = fakeApolloClient({
      RidesPage: () => ({
        data: { ridesPage: { __typename: 'RidesPage', rides: [], totalCount: 0, nextCursor: null } },
      }),
    });
    function RidesOnScreen() {
      useQuery(RIDES_PAGE_QUERY, { variables: { limit: 10, cursor: null } });
      return <RideUploadPanel queue={fake.queue} />;
    }
    renderWithApp(<RidesOnScreen />, { route: '/rides', client: apollo.client });
    await waitFor(() => expect(apollo.calls).toEqual(['RidesPage']));
    const events = userEvent.setup();
    await events.upload(screen.getByLabelText('Ride files to upload'), [fileOf('a.fit'), fileOf('b.fit')]);
    await act(async () =>
      fake.upload('a.fit').resolve({ file: 'a.fit', status: 'rejected', message: 'Run.' }),
    );
    await act(async () =>
      fake.upload('b.fit').resolve({ file: 'b.fit', status: 'imported', rideId: RIDE_A }),
    );
    // one refresh for the batch, only for the file that brought a ride
    await waitFor(() => expect(apollo.calls).toEqual(['RidesPage', 'RidesPage']));
    await new Promise((resolve) => setTimeout(resolve, REFRESH_DELAY_MS + 100));
    expect(apollo.calls).toEqual(['RidesPage', 'RidesPage']);
  });

  it('asks before the page is left while files are still on their way', async () => {
    const { events, upload } = setup();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await events.upload(screen.getByLabelText('Ride files to upload'), [fileOf('a.fit')]);
    expect(leave()).toBe(true);
    await act(async () => upload('a.fit').resolve({ file: 'a.fit', status: 'imported', rideId: RIDE_A }));
    expect(leave()).toBe(false);
  });

  it('offers a retry after a server error, and the retried file gets its result', async () => {
    const { events, upload } = setup();
    await events.upload(screen.getByLabelText('Ride files to upload'), [fileOf('ride.gpx')]);
    await act(async () => upload('ride.gpx').reject(new UploadServerError(503, 'The service is starting.')));
    expect(within(row('ride.gpx')).getByText('Failed')).toBeInTheDocument();
    expect(within(row('ride.gpx')).getByText('The service is starting.')).toBeInTheDocument();

    await events.click(within(row('ride.gpx')).getByRole('button', { name: 'Retry ride.gpx' }));
    await act(async () =>
      upload('ride.gpx').resolve({ file: 'ride.gpx', status: 'imported', rideId: RIDE_A }),
    );
    expect(within(row('ride.gpx')).getByRole('link', { name: 'View ride' })).toBeInTheDocument();
  });

  it('takes files dropped on the zone', async () => {
    const { pending } = setup();
    const zone = screen.getByTestId('ride-upload-dropzone');
    const dataTransfer = { files: [fileOf('dropped.fit')], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    expect(screen.getByText('Drop the files to upload them.')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer });
    expect(zone).not.toHaveAttribute('data-dragging');
    expect(pending.map((p) => p.file.name)).toEqual(['dropped.fit']);
    expect(await screen.findByRole('listitem', { name: 'dropped.fit' })).toBeInTheDocument();
  });

  it('follows an archive: its progress with counts, then a summary, the refused entries and a toast', async () => {
    const { events, upload, answerArchive } = setup();
    await events.upload(screen.getByLabelText('Ride files to upload'), [
      fileOf('export_123.zip', 80_000_000),
    ]);
    answerArchive(() => Promise.resolve(archive({ status: 'queued', total: 0, processed: 0 })));
    await act(async () =>
      upload('export_123.zip').resolve({
        file: 'export_123.zip',
        status: 'queued',
        importId: IMPORT_ID,
        message: UploadMessages.queued,
      }),
    );
    expect(
      await within(row('export_123.zip')).findByText('Archive received; its import starts shortly'),
    ).toBeInTheDocument();

    answerArchive(() => Promise.resolve(archive()));
    expect(
      await within(row('export_123.zip')).findByText('Importing archive: 120 of 1,000 activities'),
    ).toBeInTheDocument();
    expect(
      within(row('export_123.zip')).getByRole('progressbar', { name: 'Import of export_123.zip' }),
    ).toHaveAttribute('aria-valuenow', '12');
    expect(within(row('export_123.zip')).getByText('Importing')).toBeInTheDocument();

    answerArchive(() =>
      Promise.resolve(
        archive({
          status: 'done',
          processed: 1000,
          imported: 990,
          duplicates: 8,
          rejected: 2,
          results: [
            { file: 'activities/1.fit.gz', status: 'imported', rideId: RIDE_A },
            { file: 'activities/2.fit.gz', status: 'rejected', message: 'This is a run, not a ride.' },
            { file: 'activities/3.gpx.gz', status: 'rejected', message: 'The file is damaged.' },
          ],
        }),
      ),
    );
    // the toast, as the Strava sync ends with one
    expect(await screen.findByText('Archive Imported')).toBeInTheDocument();
    expect(
      screen.getByText('990 rides imported, 8 duplicates, 2 not imported', {
        selector: '.chakra-toast__description',
      }),
    ).toBeInTheDocument();
    expect(within(row('export_123.zip')).getByTestId('archive-summary')).toHaveTextContent(
      '990 rides imported, 8 duplicates, 2 not imported',
    );
    expect(within(row('export_123.zip')).getByText('Archive imported')).toBeInTheDocument();

    await events.click(within(row('export_123.zip')).getByText('Show the 2 files not imported'));
    expect(await screen.findByText(': This is a run, not a ride.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('activities/3.gpx.gz')).toBeInTheDocument();
  });

  it('says why an archive failed', async () => {
    const { events, upload, answerArchive } = setup();
    answerArchive(() => Promise.resolve(archive({ status: 'failed', message: UploadMessages.zipBomb })));
    await events.upload(screen.getByLabelText('Ride files to upload'), [fileOf('bomb.zip')]);
    await act(async () =>
      upload('bomb.zip').resolve({ file: 'bomb.zip', status: 'queued', importId: IMPORT_ID }),
    );
    expect(await within(row('bomb.zip')).findByRole('alert')).toHaveTextContent(UploadMessages.zipBomb);
    expect(within(row('bomb.zip')).getByText('Not imported')).toBeInTheDocument();
  });
});
