import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, withClientSpan, type Logger } from '@domestique/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RidesConfig } from '../config/env.schema.js';
import {
  StravaNotFoundError,
  StravaRateLimitedError,
  StravaRequestError,
  StravaUnauthorizedError,
  StravaUnavailableError,
} from './strava.errors.js';
import { StravaRateLimiter } from './strava-rate-limiter.js';
import type {
  ActivityPage,
  StravaActivity,
  StravaAthleteStats,
  StravaAthleteSummary,
  StravaPushSubscription,
  StravaStreamSet,
  StravaTokenResponse,
  StreamKey,
} from './strava.types.js';

/** Waits up to this long in place for the rate limit; longer waits go back to the caller (the job). */
export const INLINE_WAIT_MAX_MS = 10_000;
/** Quick retries of a 5xx or a network failure before giving up (the job retries later). */
const UNAVAILABLE_RETRIES = 3;

interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  token?: string;
  query?: Record<string, string | number | undefined>;
  form?: Record<string, string | number | undefined>;
  /** reads count against the read limit too */
  read?: boolean;
  /** share of the budget this call leaves to others (stream fetches) */
  reserve?: number;
  /** OAuth calls are not counted against the API limits */
  limited?: boolean;
}

const params = (values: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) search.set(key, String(value));
  return search;
};

/**
 * The only code that speaks HTTP to Strava (API v3 and OAuth), with base URLs from config so it
 * runs unchanged against the simulator. Every API call goes through the shared rate limiter.
 */
@Injectable()
export class StravaClient {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly limiter: StravaRateLimiter,
  ) {}

  // ---- OAuth -------------------------------------------------------------------------------------

  /** The page Strava shows the rider to approve access. */
  authorizeUrl(redirectUri: string, scope: string, state: string): string {
    const url = new URL(`${this.config.STRAVA_OAUTH_URL.replace(/\/$/, '')}/authorize`);
    url.search = params({
      client_id: this.config.STRAVA_CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      approval_prompt: 'force',
      scope,
      state,
    }).toString();
    return url.toString();
  }

  exchangeCode(code: string): Promise<StravaTokenResponse> {
    return this.oauth('token', {
      client_id: this.config.STRAVA_CLIENT_ID,
      client_secret: this.config.STRAVA_CLIENT_SECRET,
      code,
      grant_type: 'authorization_code',
    });
  }

  refreshToken(refreshToken: string): Promise<StravaTokenResponse> {
    return this.oauth('token', {
      client_id: this.config.STRAVA_CLIENT_ID,
      client_secret: this.config.STRAVA_CLIENT_SECRET,
      refresh_token: refreshToken,
      grant_type: 'refresh_token',
    });
  }

  async deauthorize(accessToken: string): Promise<void> {
    await this.oauth('deauthorize', { access_token: accessToken });
  }

  private oauth<T>(path: string, form: Record<string, string>): Promise<T> {
    return this.call<T>(`${this.config.STRAVA_OAUTH_URL.replace(/\/$/, '')}/${path}`, {
      method: 'POST',
      form,
      limited: false,
    });
  }

  // ---- API v3 ------------------------------------------------------------------------------------

  /** The token's athlete; `reserve` as for getStreams (webhook-triggered reads pass one). */
  getAthlete(token: string, reserve = 0): Promise<StravaAthleteSummary> {
    return this.api('/athlete', { token, read: true, reserve });
  }

  getAthleteStats(token: string, athleteId: string): Promise<StravaAthleteStats> {
    return this.api(`/athletes/${encodeURIComponent(athleteId)}/stats`, { token, read: true });
  }

  /** One page of the athlete's activities (newest first; `per_page` at most 200). */
  listActivities(token: string, page: ActivityPage): Promise<StravaActivity[]> {
    return this.api('/athlete/activities', {
      token,
      read: true,
      query: { before: page.before, after: page.after, page: page.page ?? 1, per_page: page.perPage ?? 200 },
    });
  }

  /** One activity of the token's athlete; `reserve` as for getStreams (webhook-triggered reads pass one). */
  getActivity(token: string, activityId: string, reserve = 0): Promise<StravaActivity> {
    return this.api(`/activities/${encodeURIComponent(activityId)}`, { token, read: true, reserve });
  }

  getStreams(
    token: string,
    activityId: string,
    keys: readonly StreamKey[],
    reserve: number,
  ): Promise<StravaStreamSet> {
    return this.api(`/activities/${encodeURIComponent(activityId)}/streams`, {
      token,
      read: true,
      reserve,
      query: { keys: keys.join(','), key_by_type: 'true' },
    });
  }

  listPushSubscriptions(): Promise<StravaPushSubscription[]> {
    return this.api('/push_subscriptions', {
      read: true,
      query: { client_id: this.config.STRAVA_CLIENT_ID, client_secret: this.config.STRAVA_CLIENT_SECRET },
    });
  }

  createPushSubscription(callbackUrl: string): Promise<StravaPushSubscription> {
    return this.api('/push_subscriptions', {
      method: 'POST',
      form: {
        client_id: this.config.STRAVA_CLIENT_ID,
        client_secret: this.config.STRAVA_CLIENT_SECRET,
        callback_url: callbackUrl,
        verify_token: this.config.STRAVA_WEBHOOK_VERIFY_TOKEN,
      },
    });
  }

  async deletePushSubscription(id: number): Promise<void> {
    await this.api(`/push_subscriptions/${id}`, {
      method: 'DELETE',
      query: { client_id: this.config.STRAVA_CLIENT_ID, client_secret: this.config.STRAVA_CLIENT_SECRET },
    });
  }

  private api<T>(path: string, options: CallOptions): Promise<T> {
    return this.call<T>(`${this.config.STRAVA_API_URL.replace(/\/$/, '')}${path}`, options);
  }

  // ---- transport ---------------------------------------------------------------------------------

  private async call<T>(url: string, options: CallOptions): Promise<T> {
    const limited = options.limited ?? true;
    let unavailable = 0;
    const started = Date.now();
    for (;;) {
      if (limited) {
        const wait = await this.limiter.acquire(options.read ?? false, options.reserve ?? 0);
        if (wait > 0) {
          if (wait > INLINE_WAIT_MAX_MS || Date.now() - started + wait > 2 * INLINE_WAIT_MAX_MS)
            throw new StravaRateLimitedError(wait);
          await sleep(wait);
          continue;
        }
      }
      let response: Response;
      try {
        response = await this.send(url, options);
      } catch (error) {
        unavailable += 1;
        if (unavailable > UNAVAILABLE_RETRIES)
          throw new StravaUnavailableError(`Strava unreachable: ${(error as Error).message}`, null);
        await sleep(250 * 2 ** unavailable);
        continue;
      }
      if (limited) {
        const wait = await this.limiter.observe(response.headers, response.status);
        if (response.status === 429) {
          await response.body?.cancel();
          this.logger.warn({ url: redact(url), waitMs: wait }, 'Strava answered 429');
          if (wait > INLINE_WAIT_MAX_MS) throw new StravaRateLimitedError(wait);
          continue;
        }
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        unavailable += 1;
        if (unavailable > UNAVAILABLE_RETRIES)
          throw new StravaUnavailableError(`Strava answered ${response.status}`, response.status);
        await sleep(250 * 2 ** unavailable);
        continue;
      }
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        const text = await response.text();
        return (text ? JSON.parse(text) : undefined) as T;
      }
      const detail = (await response.text()).slice(0, 300);
      const message = `Strava answered ${response.status} for ${redact(url)}: ${detail}`;
      if (response.status === 401) throw new StravaUnauthorizedError(message, 401);
      if (response.status === 404) throw new StravaNotFoundError(message, 404);
      throw new StravaRequestError(message, response.status);
    }
  }

  private send(url: string, options: CallOptions): Promise<Response> {
    const target = new URL(url);
    if (options.query) target.search = params(options.query).toString();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = params(options.form).toString();
    }
    const method = options.method ?? 'GET';
    // a client span per attempt (traced processes only), named by the path with its ids folded
    const operation = `strava ${method} ${target.pathname.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
    return withClientSpan(operation, { 'peer.service': 'strava', 'http.request.method': method }, () =>
      fetch(target, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.STRAVA_TIMEOUT_MS),
      }),
    );
  }
}

/** Strips the query (client secrets) from a URL before it reaches a log line or an error. */
const redact = (url: string): string => url.split('?')[0]!;
