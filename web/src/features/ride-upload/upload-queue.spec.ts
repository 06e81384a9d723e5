import { afterEach, describe, expect, it } from '@jest/globals';
import { UploadMessages } from '@domestique/proto';
import { UploadNetworkError } from './api/upload-api';
import { isSettled, PARALLEL_UPLOADS, type RidesChanged, type UploadQueue } from './upload-queue';
import { archive, fileOf, IMPORT_ID, manualQueue, RIDE_A } from './test-uploads';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

const states = (queue: UploadQueue) =>
  queue
    .getSnapshot()
    .map((row) => [row.name, row.state.kind === 'answered' ? row.state.result.status : row.state.kind]);

let queues: UploadQueue[] = [];
const watched = (setup: ReturnType<typeof manualQueue>) => {
  queues.push(setup.queue);
  const unsubscribe = setup.queue.subscribe(() => undefined);
  const changes: RidesChanged[] = [];
  setup.queue.onRidesChanged((change) => changes.push(change));
  return { ...setup, changes, unsubscribe };
};

afterEach(() => {
  for (const queue of queues) queue.dispose();
  queues = [];
});

describe('UploadQueue', () => {
  it('refuses by the rules at once, sends the rest two at a time, each with its own progress and result', async () => {
    const { queue, pending, upload, changes } = watched(manualQueue());
    queue.add([
      fileOf('a.fit'),
      fileOf('notes.txt'),
      fileOf('b.gpx'),
      fileOf('c.tcx'),
      fileOf('big.fit', 60 * 1024 * 1024),
    ]);

    expect(states(queue)).toEqual([
      ['a.fit', 'sending'],
      ['notes.txt', 'refused'],
      ['b.gpx', 'sending'],
      ['c.tcx', 'waiting'],
      ['big.fit', 'refused'],
    ]);
    expect(pending).toHaveLength(PARALLEL_UPLOADS);
    const refusals = queue
      .getSnapshot()
      .flatMap((row) => (row.state.kind === 'refused' ? [row.state.message] : []));
    expect(refusals).toEqual([UploadMessages.wrongExtension, UploadMessages.fileTooLarge]);

    const a = upload('a.fit');
    a.progress(512, 2048);
    expect(queue.getSnapshot()[0]!.state).toEqual({ kind: 'sending', sent: 512, total: 2048 });
    a.resolve({ file: 'a.fit', status: 'imported', rideId: RIDE_A });
    await flush();
    // the next file starts as soon as one is answered
    expect(states(queue)[3]).toEqual(['c.tcx', 'sending']);
    expect(changes).toEqual([{ kind: 'ride' }]);

    upload('b.gpx').resolve({ file: 'b.gpx', status: 'rejected', message: 'This is a run, not a ride.' });
    upload('c.tcx').resolve({
      file: 'c.tcx',
      status: 'duplicate',
      rideId: RIDE_A,
      message: UploadMessages.duplicate,
    });
    await flush();
    expect(states(queue)).toEqual([
      ['a.fit', 'imported'],
      ['notes.txt', 'refused'],
      ['b.gpx', 'rejected'],
      ['c.tcx', 'duplicate'],
      ['big.fit', 'refused'],
    ]);
    // only the imported file brought a ride
    expect(changes).toHaveLength(1);
    expect(queue.getSnapshot().every((row) => isSettled(row.state))).toBe(true);
  });

  it('keeps a file whose request failed, with the reason, and sends it again on retry', async () => {
    const { queue, upload } = watched(manualQueue());
    queue.add([fileOf('a.fit')]);
    upload('a.fit').reject(new UploadNetworkError());
    await flush();
    expect(queue.getSnapshot()[0]!.state).toEqual({
      kind: 'failed',
      message: 'The upload was interrupted. Check your connection and try again.',
    });

    queue.retry(queue.getSnapshot()[0]!.key);
    expect(states(queue)).toEqual([['a.fit', 'sending']]);
    upload('a.fit').resolve({ file: 'a.fit', status: 'imported', rideId: RIDE_A });
    await flush();
    expect(states(queue)).toEqual([['a.fit', 'imported']]);
  });

  it('follows an archive import until it is done, then says so once', async () => {
    const setup = watched(manualQueue());
    const { queue, upload, answerArchive, changes, archiveReads } = setup;
    queue.add([fileOf('export_123.zip')]);
    upload('export_123.zip').resolve({ file: 'export_123.zip', status: 'queued', importId: IMPORT_ID });
    await until(() => archiveReads.length > 0);
    const row = () => queue.getSnapshot()[0]!;
    await until(
      () => row().state.kind === 'answered' && (row().state as { archive: unknown }).archive !== null,
    );
    expect(isSettled(row().state)).toBe(false);

    const done = archive({ status: 'done', processed: 1000, imported: 990 });
    answerArchive(() => Promise.resolve(done));
    await until(() => changes.length > 0);
    expect(changes).toEqual([{ kind: 'archive', archive: done }]);
    expect(isSettled(row().state)).toBe(true);
    const reads = archiveReads.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(archiveReads).toHaveLength(reads);
  });

  it('refreshes the lists while an archive brings rides, and not while it brings none', async () => {
    const { queue, upload, answerArchive, changes, archiveReads } = watched(manualQueue({ refreshMs: 0 }));
    answerArchive(() => Promise.resolve(archive({ imported: 0, processed: 3 })));
    queue.add([fileOf('export_123.zip')]);
    upload('export_123.zip').resolve({ file: 'export_123.zip', status: 'queued', importId: IMPORT_ID });
    await until(() => archiveReads.length >= 3);
    expect(changes).toEqual([]);

    answerArchive(() => Promise.resolve(archive({ imported: 7, processed: 10 })));
    await until(() => changes.length > 0);
    const reads = archiveReads.length;
    await until(() => archiveReads.length >= reads + 3);
    // the same count read again brings nothing new to show
    expect(changes).toEqual([{ kind: 'ride' }]);
  });

  it('picks up an archive import still running on the server when the page opens', async () => {
    const setup = manualQueue({ activeImports: () => Promise.resolve([archive({ fileName: 'old.zip' })]) });
    const { queue, archiveReads } = watched(setup);
    await until(() => queue.getSnapshot().length === 1);
    expect(queue.getSnapshot()[0]).toMatchObject({ name: 'old.zip', size: null });
    await until(() => archiveReads.length > 0);
  });

  it('stops reading archives while nobody looks, and clears settled rows only', async () => {
    const setup = watched(manualQueue());
    const { queue, upload, archiveReads, unsubscribe } = setup;
    queue.add([fileOf('x.txt'), fileOf('export_123.zip')]);
    upload('export_123.zip').resolve({ file: 'export_123.zip', status: 'queued', importId: IMPORT_ID });
    await until(() => archiveReads.length > 0);
    unsubscribe();
    const reads = archiveReads.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(archiveReads.length).toBeLessThanOrEqual(reads + 1);

    queue.clearSettled();
    expect(states(queue)).toEqual([['export_123.zip', 'queued']]);
  });
});
