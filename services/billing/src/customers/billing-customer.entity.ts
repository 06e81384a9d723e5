import type { Tier } from '@domestique/proto';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Billing's view of a rider: the email to bill (from user.registered), their Stripe customer, and
 * the tier billing has announced for them (subscription.tier-changed).
 */
@Entity({ name: 'billing_customers' })
export class BillingCustomerEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  @Column('text')
  email!: string;

  @Index('idx_billing_customers_stripe_customer', { unique: true, where: 'stripe_customer_id IS NOT NULL' })
  @Column('text', { nullable: true })
  stripeCustomerId!: string | null;

  /** the tier last announced: from the subscriptions, or an admin's change */
  @Column('text', { default: 'free' })
  tier!: Tier;

  /** the tier the rider's Stripe subscriptions gave at the last sync (an admin change does not move it) */
  @Column('text', { default: 'free' })
  subscriptionTier!: Tier;

  @Column('timestamptz', { nullable: true })
  tierChangedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
