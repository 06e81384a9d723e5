import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { Access, CONFIG, forbidden, JobQueue, parseOrThrow } from '@domestique/common';
import { RideErrorCode, StravaWebhookEventBody, StravaWebhookValidationQuery } from '@domestique/proto';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RidesConfig } from '../config/env.schema.js';

const sameText = (a: string, b: string): boolean => {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
};

/**
 * Strava's webhook callback. GET answers the subscription handshake; POST acknowledges an event at
 * once (Strava wants a 200 within 2 s) and leaves the work to the `strava-webhook` queue. The job
 * id is the event's identity, so Strava's retries of one event are processed once.
 */
@Controller('api/strava/webhook')
export class StravaWebhookController {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    private readonly jobs: JobQueue,
  ) {}

  @Get()
  @Access('anyone')
  validate(@Query() query: Record<string, unknown>): { 'hub.challenge': string } {
    const handshake = parseOrThrow(StravaWebhookValidationQuery, query);
    if (!sameText(handshake['hub.verify_token'], this.config.STRAVA_WEBHOOK_VERIFY_TOKEN))
      throw forbidden('Invalid verify token', RideErrorCode.StravaWebhookForbidden);
    return { 'hub.challenge': handshake['hub.challenge'] };
  }

  @Post()
  @Access('anyone')
  @HttpCode(200)
  async receive(@Body() body: unknown): Promise<{ received: true }> {
    const event = parseOrThrow(StravaWebhookEventBody, body ?? {});
    const updates = event.updates
      ? Object.fromEntries(Object.entries(event.updates).map(([key, value]) => [key, String(value)]))
      : undefined;
    const fingerprint = createHash('sha256')
      .update(
        JSON.stringify([
          event.object_type,
          event.object_id,
          event.aspect_type,
          event.event_time,
          updates ?? {},
        ]),
      )
      .digest('hex')
      .slice(0, 24);
    await this.jobs.enqueue(
      'strava-webhook.event',
      {
        objectType: event.object_type,
        objectId: String(event.object_id),
        aspectType: event.aspect_type,
        ownerId: String(event.owner_id),
        eventTime: event.event_time,
        ...(updates ? { updates } : {}),
      },
      { jobId: `webhook-${fingerprint}` },
    );
    return { received: true };
  }
}
