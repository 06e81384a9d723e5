import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Access, ZodPipe } from '@domestique/common';
import { BillingMessages, WaitlistRequest, type WaitlistDto } from '@domestique/proto';
import { WaitlistRepository } from './waitlist.repository.js';

/** Spec section 7: POST /api/waitlist/elite/public {email} (the landing's Elite dialog). */
@Controller('api/waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistRepository) {}

  @Post('elite/public')
  @Access('anyone')
  @HttpCode(200)
  async join(@Body(new ZodPipe(WaitlistRequest)) body: WaitlistRequest): Promise<WaitlistDto> {
    await this.waitlist.add(body.email);
    return { message: BillingMessages.waitlistJoined };
  }
}
