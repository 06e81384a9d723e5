import { Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { RideEntity } from '../rides/ride.entity.js';

/**
 * The original activity file of an uploaded ride, gzipped, so the ride can be parsed again after a
 * parser fix. Deleted with the ride.
 */
@Entity({ name: 'ride_files' })
@Index('idx_ride_files_user_sha256', ['userId', 'sha256'])
export class RideFileEntity {
  @PrimaryColumn('uuid')
  rideId!: string;

  @OneToOne(() => RideEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ride_id' })
  ride?: RideEntity;

  @Column('uuid')
  userId!: string;

  /** as uploaded (or as named in the archive) */
  @Column('text')
  fileName!: string;

  /** 'fit', 'gpx' or 'tcx' */
  @Column('text')
  format!: string;

  /** size of the file as parsed (uncompressed) */
  @Column('int')
  bytes!: number;

  /** SHA-256 of the uncompressed file, hex */
  @Column('text')
  sha256!: string;

  /** the uncompressed file, gzipped */
  @Column('bytea')
  data!: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
