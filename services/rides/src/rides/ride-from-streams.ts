import { Injectable } from '@nestjs/common';
import type { RideMetricsDto } from '@domestique/proto';
import {
  computeRideMetrics,
  contributes,
  thresholdInputs,
  type RideSummary,
  type StoredEfforts,
} from '../metrics/ride-metrics.js';
import { RiderThresholdsService } from '../rider/rider-thresholds.service.js';
import type { StravaStreamSet } from '../strava/strava.types.js';
import { encodeStreams, STREAMS_FORMAT } from './ride-streams.codec.js';
import { seriesOf } from './ride-measure.js';

/** A ride measured from its streams: what RidesRepository.saveStreamMetrics stores. */
export interface StreamMeasurement {
  metrics: RideMetricsDto;
  best20MinutePower: number | null;
  best20MinuteHeartrate: number | null;
  efforts: StoredEfforts | null;
  streams: { data: Buffer; samples: number; format: number } | null;
  /** the ride's efforts can move the rider's estimates: recompute the rides after it */
  contributes: boolean;
}

/** The ride being measured: its id (known before it is stored), its start and its summary. */
export interface MeasuredRide {
  id: string;
  startDate: Date;
  summary: RideSummary;
}

/**
 * Measures a ride from its streams (Strava's, or an uploaded file's in the same shape): the 1 Hz
 * series, the efforts it gives the rider's estimates, the thresholds as of its date (its own efforts
 * included), every metric, and the compact encoding of the streams. One code path for Strava's
 * stream fetch and for uploads, so both store exactly the same things.
 */
@Injectable()
export class RideFromStreams {
  constructor(private readonly thresholds: RiderThresholdsService) {}

  async measure(
    userId: string,
    ride: MeasuredRide,
    streams: StravaStreamSet | null,
  ): Promise<StreamMeasurement> {
    const time = streams?.time?.data;
    const series = seriesOf(
      streams && {
        time,
        watts: streams.watts?.data,
        heartrate: streams.heartrate?.data,
        cadence: streams.cadence?.data,
        moving: streams.moving?.data,
        velocity_smooth: streams.velocity_smooth?.data,
      },
    );
    const { best20MinutePower, ...efforts } = thresholdInputs(series, ride.summary.deviceWatts);
    const thresholds = await this.thresholds.at(userId, ride.startDate, {
      rideId: ride.id,
      startDate: ride.startDate,
      ...efforts,
    });
    return {
      metrics: computeRideMetrics(series, ride.summary, thresholds),
      best20MinutePower,
      best20MinuteHeartrate: efforts.best20MinuteHeartrate,
      efforts: series ? efforts : null,
      streams: streams && time ? { ...encodeStreams(streams), format: STREAMS_FORMAT } : null,
      contributes: contributes(efforts),
    };
  }
}
