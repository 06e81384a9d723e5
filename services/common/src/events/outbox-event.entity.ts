import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Transactional outbox: an event is written in the same transaction as the change it describes, then
 * relayed to each subscriber's queue. Nothing is lost if Redis is down at commit time.
 */
@Entity({ name: 'outbox_events' })
@Index('idx_outbox_events_unpublished', ['occurredAt'], { where: 'published_at IS NULL' })
export class OutboxEventEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('int')
  version!: number;

  @Column('jsonb')
  payload!: object;

  @Column('text', { nullable: true })
  correlationId!: string | null;

  @Column('timestamptz')
  occurredAt!: Date;

  @Column('timestamptz', { nullable: true })
  publishedAt!: Date | null;
}
