import { SetMetadata } from '@nestjs/common';
import type { EventName, JobName } from '@domestique/proto';

export const EVENT_HANDLER_METADATA = 'domestique:event-handler';
export const JOB_HANDLER_METADATA = 'domestique:job-handler';

/** Marks a provider method as the handler of one event (worker process). Signature: `(payload, context)`. */
export const OnEvent = (name: EventName) => SetMetadata(EVENT_HANDLER_METADATA, name);

/** Marks a provider method as the processor of one job (worker process). Signature: `(data, job)`. */
export const ProcessJob = (name: JobName) => SetMetadata(JOB_HANDLER_METADATA, name);
