import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** What the rides service knows of a rider beyond the rides: the FTP they set and their time zone. */
@Entity({ name: 'rider_profiles' })
export class RiderProfileEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  /** the FTP the rider set (watts); null = use the estimate */
  @Column('int', { nullable: true })
  ftpWatts!: number | null;

  /** IANA time zone, from the rider's latest Strava activity */
  @Column('text', { nullable: true })
  timeZone!: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
