import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Stripe events already handled: Stripe delivers at least once, effects happen once. */
@Entity({ name: 'stripe_webhook_events' })
export class StripeWebhookEventEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  type!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt!: Date;
}
