import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Which time zone a rider's daily loads are cut in. No row: the daily loads were never built (or a
 * deletion dropped them); the next read rebuilds them from the rides.
 */
@Entity({ name: 'rider_training_states' })
export class TrainingStateEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  @Column('text')
  timeZone!: string;

  @Column('timestamptz')
  builtAt!: Date;
}
