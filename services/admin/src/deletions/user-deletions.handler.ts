import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@domestique/common';
import { Events, type EventPayload, type ServiceName } from '@domestique/proto';
import { UserDeletionsRepository } from './user-deletions.repository.js';

/** The services that hold user data and purge it on user.deleted. */
export const PURGING_SERVICES: readonly ServiceName[] = Events['user.deleted'].subscribers.filter(
  (subscriber): subscriber is ServiceName => subscriber !== 'gateway',
);

@Injectable()
export class UserDeletionsHandler {
  constructor(private readonly deletions: UserDeletionsRepository) {}

  @OnEvent('user.purged')
  async onUserPurged(payload: EventPayload<'user.purged'>, { manager }: EventContext): Promise<void> {
    await this.deletions.acknowledge(manager!, payload.userId, payload.service, PURGING_SERVICES);
  }
}
