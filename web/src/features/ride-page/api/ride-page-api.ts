import '../../../app/zod-jitless';
import {
  RIDE_STREAM_POINTS,
  RideDetailSchema,
  RideStreamsSchema,
  type RideDetailDto,
  type RideStreamsDto,
} from '@domestique/proto';
import type { z } from 'zod';

/** A failed ride-page call: its HTTP status and the server's message (or the status line). */
export class RidePageRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RidePageRequestError';
  }
}

/** The ride is missing or another rider's (the server answers both with 404). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof RidePageRequestError && error.status === 404;

/** The `{ message }` of a failed answer, or "{status}: {body}" as the app's other REST calls say it. */
const failureMessage = async (answer: Response): Promise<string> => {
  const text = await answer.text().catch(() => '');
  try {
    const { message } = JSON.parse(text) as { message?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  } catch {
    // not JSON: the status line says it
  }
  return `${answer.status}: ${text || answer.statusText}`;
};

/** GETs a JSON path with the session cookie and checks the answer against its proto contract. */
const getValidated = async <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) => {
  const answer = await fetch(path, { credentials: 'include', signal });
  if (!answer.ok) throw new RidePageRequestError(answer.status, await failureMessage(answer));
  const parsed = schema.safeParse(await answer.json());
  if (!parsed.success)
    throw new RidePageRequestError(answer.status, 'The server sent ride data this page cannot read.');
  return parsed.data as z.infer<S>;
};

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
};
