import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { Access, CONFIG, forbidden, parseOrThrow } from '@domestique/common';
import { RideErrorCode, StravaWebhookEventBody, StravaWebhookValidationQuery } from '@domestique/proto';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RidesConfig } from '../config/env.schema.js';
import { StravaWebhookIntake } from './strava-webhook.intake.js';

const sameText = (a: string, b: string): boolean => {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
};

/**
 * Strava's webhook callback. GET answers the subscription handshake; POST acknowledges an event at
 * once (Strava wants a 200 within 2 s, and a forged event gets the same answer) and leaves it to
 * StravaWebhookIntake: events are hints, checked with Strava by the `strava-webhook` queue.
 */
@Controller('api/strava/webhook')
export class StravaWebhookController {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    private readonly intake: StravaWebhookIntake,
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
    await this.intake.accept(parseOrThrow(StravaWebhookEventBody, body ?? {}));
    return { received: true };
  }
}
