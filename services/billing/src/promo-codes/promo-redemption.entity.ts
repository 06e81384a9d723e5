import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { PromoCodeEntity } from './promo-code.entity.js';

export type RedemptionStatus = 'reserved' | 'redeemed' | 'released';

/**
 * One checkout's use of a promo code. A checkout reserves a use before it goes to Stripe (so
 * concurrent checkouts can never exceed a usage limit); the completed checkout redeems it, an
 * expired or replaced one releases it. A reservation also lapses at `expiresAt`.
 */
@Entity({ name: 'promo_redemptions' })
@Index('idx_promo_redemptions_code_status', ['promoCodeId', 'status'])
export class PromoRedemptionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  promoCodeId!: string;

  @ManyToOne(() => PromoCodeEntity, { onDelete: 'CASCADE' })
  promoCode?: Relation<PromoCodeEntity>;

  /** null once the rider's account is deleted (the use still counts) */
  @Column('uuid', { nullable: true })
  userId!: string | null;

  @Index('uq_promo_redemptions_checkout_session', { unique: true, where: 'checkout_session_id IS NOT NULL' })
  @Column('text', { nullable: true })
  checkoutSessionId!: string | null;

  @Column('text')
  status!: RedemptionStatus;

  @Column('timestamptz')
  expiresAt!: Date;

  @Column('timestamptz', { nullable: true })
  redeemedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
