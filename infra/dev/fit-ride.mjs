// A synthetic 1 Hz cycling activity as a FIT file, encoded with Garmin's own SDK (@garmin/fitsdk):
// the rides service's edge-case fixtures (services/rides/test/fixtures/activity-files/generate.mjs),
// its benchmarks and the end-to-end tests that upload a ride all make theirs here.
import { Encoder, Profile } from '@garmin/fitsdk';

const DEGREES_TO_SEMICIRCLES = 2 ** 31 / 180;
const METRES_PER_DEGREE_LAT = 111_195;
const START = new Date('2024-05-04T07:30:00Z');

/** The ride's made-up sensors at second `i`: smooth, deterministic, plausible. */
export const sensorsAt = (i) => ({
  speed: 8 + 2 * Math.sin(i / 300),
  power: Math.round(200 + 50 * Math.sin(i / 60)),
  heartRate: Math.round(140 + 10 * Math.sin(i / 500)),
  cadence: 88,
  altitude: 100 + 50 * Math.sin(i / 900),
});

/**
 * Encodes a 1 Hz cycling activity of `seconds` seconds starting at `start`.
 * - `skip(i)`: no record at second i (a gap, or a timer pause when `pauses` covers it);
 * - `edit(i, record)`: changes a record (drop a field for a dropout, zero the power);
 * - `pauses`: [from, to) seconds where the timer was stopped (stop/start events, no records).
 */
export function encodeRide({ seconds, start = START, skip = () => false, edit = (_, r) => r, pauses = [] }) {
  const encoder = new Encoder();
  const at = (i) => new Date(start.getTime() + i * 1000);
  encoder.onMesg(Profile.MesgNum.FILE_ID, {
    type: 'activity',
    manufacturer: 'garmin',
    product: 3121,
    garminProduct: 'edge530',
    serialNumber: 1234567890,
    timeCreated: start,
  });
  encoder.onMesg(Profile.MesgNum.DEVICE_INFO, {
    timestamp: start,
    deviceIndex: 'creator',
    manufacturer: 'garmin',
    product: 3121,
    garminProduct: 'edge530',
  });
  encoder.onMesg(Profile.MesgNum.EVENT, {
    timestamp: start,
    event: 'timer',
    eventType: 'start',
    eventGroup: 0,
  });
  const paused = (i) => pauses.some(([from, to]) => i >= from && i < to);
  let distance = 0;
  let timer = 0;
  let records = 0;
  let lastRecord = 0;
  for (let i = 0; i < seconds; i += 1) {
    const pause = pauses.find(([from]) => from === i);
    if (pause)
      encoder.onMesg(Profile.MesgNum.EVENT, {
        timestamp: at(i - 1),
        event: 'timer',
        eventType: 'stopAll',
        eventGroup: 0,
      });
    if (pauses.some(([, to]) => to === i)) {
      encoder.onMesg(Profile.MesgNum.EVENT, {
        timestamp: at(i),
        event: 'timer',
        eventType: 'start',
        eventGroup: 0,
      });
    }
    if (paused(i)) continue;
    timer += 1;
    const sensors = sensorsAt(i);
    if (i > 0) distance += sensors.speed;
    if (skip(i)) continue;
    const record = edit(i, {
      timestamp: at(i),
      positionLat: Math.round((45 + distance / METRES_PER_DEGREE_LAT) * DEGREES_TO_SEMICIRCLES),
      positionLong: Math.round(6 * DEGREES_TO_SEMICIRCLES),
      distance,
      enhancedSpeed: sensors.speed,
      enhancedAltitude: sensors.altitude,
      heartRate: sensors.heartRate,
      cadence: sensors.cadence,
      power: sensors.power,
    });
    encoder.onMesg(Profile.MesgNum.RECORD, record);
    records += 1;
    lastRecord = i;
  }
  const end = at(lastRecord);
  encoder.onMesg(Profile.MesgNum.EVENT, {
    timestamp: end,
    event: 'timer',
    eventType: 'stopAll',
    eventGroup: 0,
  });
  const totals = {
    startTime: start,
    totalElapsedTime: lastRecord + 1,
    totalTimerTime: timer,
    totalDistance: distance,
  };
  encoder.onMesg(Profile.MesgNum.LAP, {
    timestamp: end,
    messageIndex: 0,
    event: 'lap',
    eventType: 'stop',
    ...totals,
  });
  encoder.onMesg(Profile.MesgNum.SESSION, {
    timestamp: end,
    messageIndex: 0,
    event: 'session',
    eventType: 'stop',
    sport: 'cycling',
    subSport: 'road',
    firstLapIndex: 0,
    numLaps: 1,
    ...totals,
  });
  encoder.onMesg(Profile.MesgNum.ACTIVITY, {
    timestamp: end,
    numSessions: 1,
    type: 'manual',
    event: 'activity',
    eventType: 'stop',
    totalTimerTime: timer,
  });
  return { data: Buffer.from(encoder.close()), records };
}
