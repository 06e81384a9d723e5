import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Someone who asked to hear when the Elite plan can be bought. One row per email. */
@Entity({ name: 'elite_waitlist' })
export class WaitlistEntryEntity {
  /** trimmed, lower case */
  @PrimaryColumn('text')
  email!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
