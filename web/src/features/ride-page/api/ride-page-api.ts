import '../../../app/zod-jitless';
import {
  RIDE_STREAM_POINTS,
  RideDetailSchema,
  RideStreamsSchema,
  type RideDetailDto,
  type RideStreamsDto,
} from '@domestique/proto';
import { failureMessage, getValidated, RestRequestError } from '../../../app/rest/validated-rest';

export type StreamResolution = 'display' | 'full';

export const ridePageApi = {
  /** `GET /api/rides/{id}`: the ride, its metrics, zones, intervals and power-duration curves. */
  detail: (rideId: string, signal?: AbortSignal): Promise<RideDetailDto> =>
    getValidated(`/api/rides/${encodeURIComponent(rideId)}`, RideDetailSchema, signal),
  /** `GET /api/rides/{id}/streams`: the aligned series, reduced for display or every sample. */
  streams: (rideId: string, resolution: StreamResolution, signal?: AbortSignal): Promise<RideStreamsDto> =>
    getValidated(
      `/api/rides/${encodeURIComponent(rideId)}/streams?${
        resolution === 'full' ? 'resolution=full' : `points=${RIDE_STREAM_POINTS.default}`
      }`,
      RideStreamsSchema,
      signal,
    ),
  /** `DELETE /api/rides/{id}`: an uploaded ride, its streams, metrics and original file. */
  deleteRide: async (rideId: string): Promise<void> => {
    const answer = await fetch(`/api/rides/${encodeURIComponent(rideId)}`, {
      method: 'DELETE',
      credentials: 'include',
    });
    if (!answer.ok) throw new RestRequestError(answer.status, await failureMessage(answer));
  },
};
