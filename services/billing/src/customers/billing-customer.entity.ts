import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Billing's view of a rider: the email to bill (from user.registered) and their Stripe customer. */
@Entity({ name: 'billing_customers' })
export class BillingCustomerEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  @Column('text')
  email!: string;

  @Column('text', { nullable: true })
  stripeCustomerId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
