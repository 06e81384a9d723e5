import { Injectable } from '@nestjs/common';
import { EventPublisher, OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { GoalsService } from '../goals/goals.service.js';
import { PlansService } from '../plans/plans.service.js';
import { TrainingService } from '../training/training.service.js';
import { ArchiveImportsRepository } from '../upload/archive-imports.repository.js';
import { WorkoutExportService } from '../workout-export/workout-export.service.js';
import { StravaConnectionService } from './strava-connection.service.js';

/** A deleted rider: deauthorize at Strava and remove every row of theirs, then report it. */
@Injectable()
export class StravaPurgeHandler {
  constructor(
    private readonly connection: StravaConnectionService,
    private readonly events: EventPublisher,
    private readonly goals: GoalsService,
    private readonly training: TrainingService,
    private readonly archiveImports: ArchiveImportsRepository,
    private readonly workoutExports: WorkoutExportService,
    private readonly plans: PlansService,
  ) {}

  @OnEvent('user.deleted')
  async onUserDeleted(payload: EventPayload<'user.deleted'>, { manager }: EventContext): Promise<void> {
    await this.connection.purge(manager!, payload.userId);
    await this.goals.deleteAllForUser(manager!, payload.userId);
    await this.training.deleteAllForUser(manager!, payload.userId);
    await this.archiveImports.deleteAllForUser(manager!, payload.userId);
    await this.workoutExports.deleteAllForUser(manager!, payload.userId);
    await this.plans.deleteAllForUser(manager!, payload.userId);
    await this.events.publish(manager!, 'user.purged', { userId: payload.userId, service: 'rides' });
  }
}
