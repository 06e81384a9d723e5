import { Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { RideEntity } from './ride.entity.js';

/**
 * A ride's Strava streams, kept compactly for later re-analysis (see ride-streams.codec.ts): one
 * deflated blob of typed arrays per ride. Deleted with the ride.
 */
@Entity({ name: 'ride_streams' })
@Index('idx_ride_streams_user', ['userId'])
export class RideStreamsEntity {
  @PrimaryColumn('uuid')
  rideId!: string;

  @OneToOne(() => RideEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ride_id' })
  ride?: RideEntity;

  @Column('uuid')
  userId!: string;

  /** codec version */
  @Column('smallint')
  format!: number;

  @Column('int')
  samples!: number;

  @Column('bytea')
  data!: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
