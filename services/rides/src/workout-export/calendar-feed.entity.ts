import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A rider's iCalendar feed: the SHA-256 of its secret (the secret itself is shown once, in the
 * feed's URL, and never stored). One per rider; a reset replaces the hash, so the old URL stops
 * working at once.
 */
@Entity({ name: 'rider_calendar_feeds' })
export class CalendarFeedEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  /** hex SHA-256 of the secret */
  @Index('idx_rider_calendar_feeds_secret_hash', { unique: true })
  @Column('text')
  secretHash!: string;

  @Column('timestamptz')
  createdAt!: Date;
}
