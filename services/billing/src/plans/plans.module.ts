import { Module } from '@nestjs/common';
import { PlansResolver } from './plans.resolver.js';
import { PlansService } from './plans.service.js';

@Module({ providers: [PlansService, PlansResolver], exports: [PlansService] })
export class PlansModule {}
