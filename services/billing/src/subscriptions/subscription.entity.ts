import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A rider's Stripe subscription as last read from Stripe (the source of truth). */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn('text')
  stripeSubscriptionId!: string;

  @Index('idx_subscriptions_user')
  @Column('uuid')
  userId!: string;

  @Column('text')
  stripeCustomerId!: string;

  @Column('text')
  priceId!: string;

  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, ... */
  @Column('text')
  status!: string;

  @Column('boolean', { default: false })
  cancelAtPeriodEnd!: boolean;

  @Column('timestamptz')
  currentPeriodEnd!: Date;

  /** the price's monthly amount, cents */
  @Column('int')
  unitAmount!: number;

  /** the discount on it now (a `once` coupon comes off after the first invoice) */
  @Column('double precision', { nullable: true })
  discountPercentOff!: number | null;

  @Column('int', { nullable: true })
  discountAmountOff!: number | null;

  @Column('timestamptz', { nullable: true })
  endedAt!: Date | null;

  /** why Stripe ended or is ending it: cancellation_requested, payment_failed, ... */
  @Column('text', { nullable: true })
  cancellationReason!: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
