import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A permanent deletion in progress: which services have purged the user so far. */
@Entity({ name: 'user_deletions' })
export class UserDeletionEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  @Column('text', { array: true, default: () => "'{}'" })
  purgedBy!: string[];

  @Column('timestamptz', { default: () => 'now()' })
  requestedAt!: Date;

  @Column('timestamptz', { nullable: true })
  completedAt!: Date | null;
}
