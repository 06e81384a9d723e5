import type { UnitSystem } from '@domestique/proto';
import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** What the rides service knows of a rider beyond the rides: the thresholds and weight they set and their time zone. */
@Entity({ name: 'rider_profiles' })
@Check('rider_profiles_units', `units IN ('imperial', 'metric')`)
export class RiderProfileEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  /** the FTP the rider set (watts); null = use the estimate */
  @Column('int', { nullable: true })
  ftpWatts!: number | null;

  /** threshold heart rate the rider set (bpm); null = use the estimate */
  @Column('int', { nullable: true })
  thresholdHeartrate!: number | null;

  /** max heart rate the rider set (bpm); null = use the estimate */
  @Column('int', { nullable: true })
  maxHeartrate!: number | null;

  /** kilograms, to 0.1 */
  @Column('double precision', { nullable: true })
  weightKg!: number | null;

  /** IANA time zone, from the rider's latest Strava activity */
  @Column('text', { nullable: true })
  timeZone!: string | null;

  /** imperial or metric, for every screen and the coach's texts */
  @Column('text', { default: 'imperial' })
  units!: UnitSystem;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
