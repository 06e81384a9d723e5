import { Injectable, type PipeTransform } from '@nestjs/common';
import { notFound } from '@domestique/common';
import { AnalysisErrorCode, AnalysisMessages } from '@domestique/proto';
import { z } from 'zod';

const RideId = z.uuid();

/** A ride id from the path: anything that is not a ride id cannot be the rider's ride (404). */
@Injectable()
export class RideIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const parsed = RideId.safeParse(value);
    if (!parsed.success) throw notFound(AnalysisMessages.rideNotFound, AnalysisErrorCode.RideNotFound);
    return parsed.data;
  }
}
