import type { DiscountType } from '@domestique/proto';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** A promo code (spec section 3). `usedCount` counts completed checkouts that used it. */
@Entity({ name: 'promo_codes' })
@Unique('uq_promo_codes_code', ['code'])
export class PromoCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** upper case */
  @Column('text')
  code!: string;

  @Column('text', { nullable: true })
  description!: string | null;

  @Column('text')
  discountType!: DiscountType;

  /** percent; cents for fixed; days for trial */
  @Column('int')
  discountValue!: number;

  @Column('timestamptz')
  validFrom!: Date;

  @Column('timestamptz')
  validUntil!: Date;

  /** null: unlimited */
  @Column('int', { nullable: true })
  usageLimit!: number | null;

  @Column('int', { default: 0 })
  usedCount!: number;

  @Column('boolean', { default: true })
  isActive!: boolean;

  /** the Stripe coupon that carries a percentage or fixed discount (created on first use) */
  @Column('text', { nullable: true })
  stripeCouponId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
