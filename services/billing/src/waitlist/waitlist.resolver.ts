import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Access, parseOrThrow } from '@domestique/common';
import { BillingMessages, WaitlistRequest, type WaitlistDto } from '@domestique/proto';
import { WaitlistRepository } from './waitlist.repository.js';
import { WaitlistModel } from './waitlist.model.js';

@Resolver()
export class WaitlistResolver {
  constructor(private readonly waitlist: WaitlistRepository) {}

  @Mutation(() => WaitlistModel, { description: 'Join the Elite plan waitlist (signed out too)' })
  @Access('anyone')
  async joinEliteWaitlist(@Args('email') email: string): Promise<WaitlistDto> {
    await this.waitlist.add(parseOrThrow(WaitlistRequest, { email }).email);
    return { message: BillingMessages.waitlistJoined };
  }
}
