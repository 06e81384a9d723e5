import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eventually } from '@domestique/common/testing';
import { UploadMessages, type ArchiveImportDto, type UploadResponseDto } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { RidesRepository } from '../../rides/rides.repository.js';
import { newUserId, rideCount, startHarness, type RidesHarness } from '../../test/rides-harness.js';
import { withoutUploadedTwins } from '../duplicates.js';
import { buildZip } from '../zip-writer.js';

jest.setTimeout(120_000);

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/activity-files');
const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));

/** The same 2-minute ride (2020-06-01T14:52:40Z, Garmin Edge 1000) in three formats. */
const SHORT_FIT = '2020-06-01-16-52-40.fit'; // power, HR, cadence
const SHORT_GPX = 'activity_5039744860.gpx'; // HR, cadence, no power
const SHORT_TCX = 'activity_5039744860.tcx'; // power, HR, cadence

interface RideRow {
  id: string;
  source: string;
  file_format: string | null;
  device: string | null;
  device_watts: boolean;
  streams_fetched_at: Date | null;
  metrics: { source: string; normalizedPower: number | null } | null;
  start_date: Date;
  name: string | null;
  sport_type: string | null;
}

describe('uploading activity files (issue 21, real PostgreSQL, Redis and worker)', () => {
  let harness: RidesHarness;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }] });
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const upload = async (userId: string, files: { name: string; data: Buffer }[]) => {
    let call = harness
      .http()
      .post('/api/rides/upload')
      .set(await harness.as(userId));
    for (const file of files) call = call.attach('files', file.data, file.name);
    return call;
  };
  const uploadOk = async (userId: string, files: { name: string; data: Buffer }[]) => {
    const answer = await upload(userId, files);
    expect(answer.status).toBe(200);
    return (answer.body as UploadResponseDto).results;
  };
  const ridesOf = async (userId: string): Promise<RideRow[]> =>
    (await harness.db.query(
      `SELECT id, source, file_format, device, device_watts, streams_fetched_at, metrics, start_date, name, sport_type
       FROM rides.rides WHERE user_id = $1 ORDER BY start_date`,
      [userId],
    )) as RideRow[];
  const outbox = async (name: string, rideId: string): Promise<{ payload: Record<string, unknown> }[]> =>
    (await harness.db.query(
      `SELECT payload FROM rides.outbox_events WHERE name = $1 AND payload->>'rideId' = $2`,
      [name, rideId],
    )) as { payload: Record<string, unknown> }[];

  it.each([
    ['FIT', SHORT_FIT, 'fit', true],
    ['GPX', SHORT_GPX, 'gpx', false],
    ['TCX', SHORT_TCX, 'tcx', true],
  ])(
    'imports a %s file as a ride with its streams, metrics, kept file and ride.imported',
    async (_, file, format, power) => {
      const userId = newUserId();
      const [result] = await uploadOk(userId, [{ name: file, data: fixture(file) }]);
      expect(result).toEqual({ file, status: 'imported', rideId: expect.any(String) });
      const [ride] = await ridesOf(userId);
      expect(ride).toMatchObject({
        id: result!.rideId,
        source: 'upload',
        file_format: format,
        device_watts: power,
        start_date: new Date('2020-06-01T14:52:40Z'),
      });
      expect(ride!.streams_fetched_at).not.toBeNull();
      expect(ride!.metrics?.source).toBe('streams');
      expect(ride!.metrics?.normalizedPower !== null).toBe(power);
      const [streams] = (await harness.db.query('SELECT samples FROM rides.ride_streams WHERE ride_id = $1', [
        ride!.id,
      ])) as { samples: number }[];
      expect(streams!.samples).toBeGreaterThan(90);
      const [kept] = (await harness.db.query(
        'SELECT file_name, format, data FROM rides.ride_files WHERE ride_id = $1',
        [ride!.id],
      )) as { file_name: string; format: string; data: Buffer }[];
      expect(kept).toMatchObject({ file_name: file, format });
      expect(gunzipSync(kept!.data).equals(fixture(file))).toBe(true);
      expect(await outbox('ride.imported', ride!.id)).toEqual([
        { payload: expect.objectContaining({ userId, rideId: ride!.id, source: 'upload' }) },
      ]);
      const listed = await harness
        .http()
        .get('/api/rides')
        .set(await harness.as(userId));
      expect(listed.body[0].sourceLabel).toMatch(new RegExp(`^Uploaded ${format.toUpperCase()}`));
    },
  );

  it('labels the ride with the recording device and reads a gzipped file', async () => {
    const userId = newUserId();
    const [result] = await uploadOk(userId, [
      { name: `${SHORT_FIT}.gz`, data: gzipSync(fixture(SHORT_FIT)) },
    ]);
    expect(result!.status).toBe('imported');
    const detail = await harness
      .http()
      .get(`/api/rides/${result!.rideId}`)
      .set(await harness.as(userId));
    expect(detail.status).toBe(200);
    expect(detail.body.ride.sourceLabel).toBe('Uploaded FIT, Garmin Edge 1000');
  });

  it('keeps the richer copy: a file with power replaces one without, a poorer one is a duplicate', async () => {
    const userId = newUserId();
    const [gpx] = await uploadOk(userId, [{ name: SHORT_GPX, data: fixture(SHORT_GPX) }]);
    expect(gpx!.status).toBe('imported');
    const [fit, tcx] = await uploadOk(userId, [
      { name: SHORT_FIT, data: fixture(SHORT_FIT) },
      { name: SHORT_TCX, data: fixture(SHORT_TCX) },
    ]);
    expect(fit).toEqual({
      file: SHORT_FIT,
      status: 'imported',
      rideId: gpx!.rideId,
      message: 'Replaced the existing copy, which had no power',
    });
    // same channels as the FIT now stored: the existing copy stays
    expect(tcx).toEqual({
      file: SHORT_TCX,
      status: 'duplicate',
      rideId: gpx!.rideId,
      message: UploadMessages.duplicate,
    });
    const rides = await ridesOf(userId);
    expect(rides).toHaveLength(1);
    expect(rides[0]).toMatchObject({ id: gpx!.rideId, file_format: 'fit', device_watts: true });
    // the lifetime totals (stats, analytics) count the activity once
    const [totals] = (await harness.db.query('SELECT rides FROM rides.rider_ride_totals WHERE user_id = $1', [
      userId,
    ])) as { rides: number }[];
    expect(totals!.rides).toBe(1);
    expect(await outbox('ride.metrics-changed', gpx!.rideId!)).toHaveLength(1);
    expect(await outbox('ride.imported', gpx!.rideId!)).toHaveLength(1);
    const [{ files }] = (await harness.db.query(
      'SELECT count(*)::int AS files FROM rides.ride_files WHERE user_id = $1',
      [userId],
    )) as [{ files: number }];
    expect(files).toBe(1);
  });

  it('answers duplicate for a poorer file after a richer one, and replaces a Strava copy without power', async () => {
    const userId = newUserId();
    const [fit] = await uploadOk(userId, [{ name: SHORT_FIT, data: fixture(SHORT_FIT) }]);
    const [gpx] = await uploadOk(userId, [{ name: SHORT_GPX, data: fixture(SHORT_GPX) }]);
    expect(gpx).toMatchObject({ status: 'duplicate', rideId: fit!.rideId });

    const other = newUserId();
    const [strava] = (await harness.db.query(
      `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, moving_time_s, elapsed_time_s,
         device_watts, average_heartrate)
       VALUES ($1, 'strava', '987654', 'Lunch Ride', 'Ride', '2020-06-01T14:52:55Z', 120, 128, false, 150) RETURNING id`,
      [other],
    )) as { id: string }[];
    const [replaced] = await uploadOk(other, [{ name: SHORT_FIT, data: fixture(SHORT_FIT) }]);
    expect(replaced).toEqual({
      file: SHORT_FIT,
      status: 'imported',
      rideId: strava!.id,
      message: 'Replaced the Strava copy, which had no power',
    });
    expect(await ridesOf(other)).toEqual([
      expect.objectContaining({ id: strava!.id, source: 'upload', name: 'Lunch Ride' }),
    ]);
  });

  it('lets a later Strava sync skip the activities the rider uploaded', async () => {
    const userId = newUserId();
    await uploadOk(userId, [{ name: SHORT_FIT, data: fixture(SHORT_FIT) }]);
    const repository = harness.api.app.get(RidesRepository);
    const activity = (start: string, elapsed: number) => ({
      startDate: new Date(start),
      elapsedTimeS: elapsed,
      movingTimeS: elapsed,
    });
    const same = activity('2020-06-01T14:53:20Z', 130);
    const later = activity('2020-06-01T15:30:00Z', 130);
    const longer = activity('2020-06-01T14:52:40Z', 200);
    expect(await withoutUploadedTwins(repository, harness.db.manager, userId, [same, later, longer])).toEqual(
      [later, longer],
    );
  });

  it('refuses runs, corrupt, empty, future, too large and wrongly named files, storing nothing', async () => {
    const userId = newUserId();
    const results = await uploadOk(userId, [
      { name: 'activity-small-fenix2-run.fit', data: fixture('activity-small-fenix2-run.fit') },
      { name: 'test.tcx', data: fixture('test.tcx') },
      { name: 'activity-unexpected-eof.fit', data: fixture('activity-unexpected-eof.fit') },
      { name: 'activity-filecrc.fit', data: fixture('activity-filecrc.fit') },
      { name: 'empty.gpx', data: Buffer.alloc(0) },
      { name: 'synthetic-future.fit', data: fixture('synthetic-future.fit') },
      { name: 'photo.png', data: Buffer.from('89504e470d0a1a0a', 'hex') },
      { name: 'huge.fit', data: Buffer.alloc(50 * 1024 * 1024 + 1) },
    ]);
    expect(results.map((result) => result.status)).toEqual(Array(8).fill('rejected'));
    expect(results[0]!.message).toMatch(/run, not a ride/);
    expect(results[1]!.message).toMatch(/not a ride/);
    for (const result of results) expect(result.message).toEqual(expect.any(String));
    expect(results[6]!.message).toBe(UploadMessages.wrongExtension);
    expect(results[7]!.message).toBe('File is larger than 50 MB');
    expect(await rideCount(harness, userId)).toBe(0);
    const [{ files }] = (await harness.db.query(
      'SELECT count(*)::int AS files FROM rides.ride_files WHERE user_id = $1',
      [userId],
    )) as [{ files: number }];
    expect(files).toBe(0);
  });

  it('answers 400 with a message to a request that is not a multipart upload of files', async () => {
    const userId = newUserId();
    const json = await harness
      .http()
      .post('/api/rides/upload')
      .set(await harness.as(userId))
      .send({ files: [] });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: UploadMessages.notMultipart, code: expect.any(String) });
    const empty = await harness
      .http()
      .post('/api/rides/upload')
      .set(await harness.as(userId))
      .field('note', 'no files');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(UploadMessages.noFiles);
    const anonymous = await harness
      .http()
      .post('/api/rides/upload')
      .attach('files', fixture(SHORT_FIT), SHORT_FIT);
    expect(anonymous.status).toBe(401);
  });

  const waitForImport = (userId: string, importId: string) =>
    eventually(
      async () => {
        const answer = await harness
          .http()
          .get(`/api/rides/imports/${importId}`)
          .set(await harness.as(userId));
        const body = answer.body as ArchiveImportDto;
        return body.status === 'done' || body.status === 'failed' ? body : undefined;
      },
      90_000,
      250,
    );

  it('imports a Strava archive in the worker, with names and types from activities.csv', async () => {
    const userId = newUserId();
    const csv = [
      'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Filename',
      `111,"Aug 16, 2013, 6:05:10 PM",Vector test,Ride,"Pedals, ""new""\non a long day",4699,activities/111.fit.gz`,
      '222,"Aug 15, 2015, 2:45:08 PM",Easy jog,Run,,2833,activities/222.fit.gz',
      '333,"Feb 6, 2019, 7:46:51 AM",Bormes - Saint Tropez,Ride,,22448,activities/333.gpx.gz',
      '444,"Jun 1, 2020, 2:52:40 PM",Short one,Ride,,126,activities/444.tcx.gz',
      '555,"Jun 1, 2020, 2:52:40 PM",Same one,Ride,,126,activities/555.fit.gz',
      '666,"Jan 1, 2021, 9:00:00 AM",Manual,Ride,,3600,',
    ].join('\n');
    const zip = buildZip([
      { name: 'activities.csv', data: Buffer.from(csv) },
      { name: 'activities/111.fit.gz', data: gzipSync(fixture('Edge810-Vector-2013-08-16-15-35-10.fit')) },
      { name: 'activities/222.fit.gz', data: gzipSync(fixture('activity-small-fenix2-run.fit')) },
      { name: 'activities/333.gpx.gz', data: gzipSync(fixture('Bormes.gpx')) },
      { name: 'activities/444.tcx.gz', data: gzipSync(fixture(SHORT_TCX)) },
      { name: 'activities/555.fit.gz', data: gzipSync(fixture(SHORT_FIT)) },
      { name: 'media/photo.jpg', data: Buffer.from('not a ride') },
    ]);
    const [queued] = await uploadOk(userId, [{ name: 'export_12345.zip', data: zip }]);
    expect(queued).toEqual({
      file: 'export_12345.zip',
      status: 'queued',
      importId: expect.any(String),
      message: UploadMessages.queued,
    });
    const done = await waitForImport(userId, queued!.importId!);
    expect(done).toMatchObject({
      status: 'done',
      total: 5,
      processed: 5,
      imported: 3,
      duplicates: 1,
      rejected: 1,
    });
    expect(done.results.map((result) => [result.file, result.status])).toEqual([
      ['activities/111.fit.gz', 'imported'],
      ['activities/222.fit.gz', 'rejected'],
      ['activities/333.gpx.gz', 'imported'],
      ['activities/444.tcx.gz', 'imported'],
      ['activities/555.fit.gz', 'duplicate'],
    ]);
    const rides = await ridesOf(userId);
    expect(rides.map((ride) => ride.name)).toEqual(['Vector test', 'Bormes - Saint Tropez', 'Short one']);
    const active = await harness
      .http()
      .get('/api/rides/imports?active=true')
      .set(await harness.as(userId));
    expect(active.body).toEqual([]);
    const [{ chunks }] = (await harness.db.query(
      'SELECT count(*)::int AS chunks FROM rides.archive_chunks WHERE import_id = $1',
      [queued!.importId],
    )) as [{ chunks: number }];
    expect(chunks).toBe(0);
    const other = await harness
      .http()
      .get(`/api/rides/imports/${queued!.importId}`)
      .set(await harness.as(newUserId()));
    expect(other.status).toBe(404);
  });

  it('refuses a zip bomb (declared or actual), a damaged zip and one of more than 2,000 entries, importing nothing', async () => {
    const userId = newUserId();
    const bomb = buildZip([
      { name: 'a.fit', data: fixture(SHORT_FIT), declaredSize: 1_500_000_000 },
      { name: 'b.fit', data: fixture(SHORT_FIT), declaredSize: 1_500_000_000 },
    ]);
    const crowded = buildZip(
      Array.from({ length: 2001 }, (_, index) => ({ name: `f${index}.gpx`, data: Buffer.from('x') })),
    );
    const [first] = await uploadOk(userId, [{ name: 'bomb.zip', data: bomb }]);
    const [second] = await uploadOk(userId, [{ name: 'crowded.zip', data: crowded }]);
    expect(await waitForImport(userId, first!.importId!)).toMatchObject({
      status: 'failed',
      message: UploadMessages.zipBomb,
      imported: 0,
    });
    expect(await waitForImport(userId, second!.importId!)).toMatchObject({
      status: 'failed',
      message: UploadMessages.tooManyEntries,
    });
    const [third] = await uploadOk(userId, [{ name: 'broken.zip', data: Buffer.from('PK not really') }]);
    expect(await waitForImport(userId, third!.importId!)).toMatchObject({
      status: 'failed',
      message: UploadMessages.corruptArchive,
    });
    // an entry that inflates past the size it declares is cut off at that size and refused
    const liar = buildZip([{ name: 'liar.fit', data: Buffer.alloc(1024 * 1024, 1), declaredSize: 100 }]);
    const [fourth] = await uploadOk(userId, [{ name: 'liar.zip', data: liar }]);
    expect(await waitForImport(userId, fourth!.importId!)).toMatchObject({
      status: 'done',
      rejected: 1,
      results: [{ file: 'liar.fit', status: 'rejected', message: UploadMessages.corruptEntry }],
    });
    expect(await rideCount(harness, userId)).toBe(0);
  });

  it('deletes an uploaded ride with its file and publishes ride.deleted; refuses others', async () => {
    const userId = newUserId();
    const [result] = await uploadOk(userId, [{ name: SHORT_FIT, data: fixture(SHORT_FIT) }]);
    const rideId = result!.rideId!;
    const stranger = await harness
      .http()
      .delete(`/api/rides/${rideId}`)
      .set(await harness.as(newUserId()));
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Ride not found');
    const bad = await harness
      .http()
      .delete('/api/rides/not-a-uuid')
      .set(await harness.as(userId));
    expect(bad.status).toBe(404);
    const deleted = await harness
      .http()
      .delete(`/api/rides/${rideId}`)
      .set(await harness.as(userId));
    expect(deleted.status).toBe(204);
    expect(await rideCount(harness, userId)).toBe(0);
    expect(await outbox('ride.deleted', rideId)).toHaveLength(1);
    const [{ files }] = (await harness.db.query(
      'SELECT count(*)::int AS files FROM rides.ride_files WHERE ride_id = $1',
      [rideId],
    )) as [{ files: number }];
    expect(files).toBe(0);

    const [strava] = (await harness.db.query(
      `INSERT INTO rides.rides (user_id, source, external_id, start_date) VALUES ($1, 'strava', $2, now()) RETURNING id`,
      [userId, randomUUID()],
    )) as { id: string }[];
    const refused = await harness
      .http()
      .delete(`/api/rides/${strava!.id}`)
      .set(await harness.as(userId));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(UploadMessages.stravaRideDelete);
    expect(await rideCount(harness, userId)).toBe(1);
  });
});
