import { Injectable } from '@nestjs/common';
import { ProcessJob } from '@domestique/common';
import type { JobPayload } from '@domestique/proto';
import { RideMetricsRecomputeService } from './ride-metrics-recompute.service.js';

/** `ride-metrics.recompute`: measures the rider's rides again (see RideMetricsRecomputeService). */
@Injectable()
export class RideMetricsRecomputeProcessor {
  constructor(private readonly recompute: RideMetricsRecomputeService) {}

  @ProcessJob('ride-metrics.recompute')
  run(data: JobPayload<'ride-metrics.recompute'>): Promise<{ checked: number; changed: number }> {
    return this.recompute.run(data);
  }
}
