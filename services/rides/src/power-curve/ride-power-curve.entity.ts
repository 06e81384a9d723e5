import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { RideEntity } from '../rides/ride.entity.js';

/**
 * A ride's best-effort power curve, kept so the rider's curve over a year is a merge of these rows
 * rather than a pass over streams. Filled lazily (the first curve read after the streams arrive) and
 * valid for one version of the streams (`streamsFetchedAt`). Deleted with the ride.
 */
@Entity({ name: 'ride_power_curves' })
@Index('idx_ride_power_curves_user_start', ['userId', 'startDate'])
export class RidePowerCurveEntity {
  @PrimaryColumn('uuid')
  rideId!: string;

  @OneToOne(() => RideEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ride_id' })
  ride?: RideEntity;

  @Column('uuid')
  userId!: string;

  @Column('timestamptz')
  startDate!: Date;

  /** the streams version the curve was computed from */
  @Column('timestamptz')
  streamsFetchedAt!: Date;

  /** best mean watts for POWER_CURVE_SECONDS[i], up to the ride's length (empty without power) */
  @Column('jsonb')
  watts!: number[];
}
