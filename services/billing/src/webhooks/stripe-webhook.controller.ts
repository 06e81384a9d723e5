import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { Access } from '@domestique/common';
import type { Request } from 'express';
import { StripeWebhookService, type WebhookAnswer } from './stripe-webhook.service.js';

/** Stripe's webhook endpoint (reached through the gateway, which forwards `stripe-signature`). */
@Controller('api/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @Access('anyone')
  @HttpCode(200)
  receive(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookAnswer> {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
