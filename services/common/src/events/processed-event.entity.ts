import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Events this service has already handled: delivery is at least once, effects happen once. */
@Entity({ name: 'processed_events' })
export class ProcessedEventEntity {
  @PrimaryColumn('uuid')
  eventId!: string;

  @Column('text')
  name!: string;

  @Column('timestamptz', { default: () => 'now()' })
  processedAt!: Date;
}
