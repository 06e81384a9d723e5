import { Module } from '@nestjs/common';
import { RidesContextClient } from './rides-context.client.js';

/** Reads the facts analyses and chat answers are written from (the rides service's message patterns). */
@Module({ providers: [RidesContextClient], exports: [RidesContextClient] })
export class RiderContextModule {}
