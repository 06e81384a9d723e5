import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSubscriptionsPromoCodesWaitlist1795655498087 implements MigrationInterface {
  name = 'CreateSubscriptionsPromoCodesWaitlist1795655498087';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing"."promo_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "code" text NOT NULL, "description" text, "discount_type" text NOT NULL, "discount_value" integer NOT NULL, "valid_from" TIMESTAMP WITH TIME ZONE NOT NULL, "valid_until" TIMESTAMP WITH TIME ZONE NOT NULL, "usage_limit" integer, "used_count" integer NOT NULL DEFAULT '0', "is_active" boolean NOT NULL DEFAULT true, "stripe_coupon_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_promo_codes_code" UNIQUE ("code"), CONSTRAINT "PK_c7b4f01710fda5afa056a2b4a35" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "billing"."promo_redemptions" ("id" uuid NOT NULL, "promo_code_id" uuid NOT NULL, "user_id" uuid, "checkout_session_id" text, "status" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "redeemed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_34a930e5657a7e0a837b0bb41c9" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_promo_redemptions_checkout_session" ON "billing"."promo_redemptions"  ("checkout_session_id") WHERE checkout_session_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "idx_promo_redemptions_code_status" ON "billing"."promo_redemptions"  ("promo_code_id", "status") `);
    await queryRunner.query(`CREATE TABLE "billing"."subscriptions" ("stripe_subscription_id" text NOT NULL, "user_id" uuid NOT NULL, "stripe_customer_id" text NOT NULL, "price_id" text NOT NULL, "status" text NOT NULL, "cancel_at_period_end" boolean NOT NULL DEFAULT false, "current_period_end" TIMESTAMP WITH TIME ZONE NOT NULL, "unit_amount" integer NOT NULL, "discount_percent_off" double precision, "discount_amount_off" integer, "ended_at" TIMESTAMP WITH TIME ZONE, "cancellation_reason" text, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3a2d09d943f39912a01831a9272" PRIMARY KEY ("stripe_subscription_id"))`);
    await queryRunner.query(`CREATE INDEX "idx_subscriptions_user" ON "billing"."subscriptions"  ("user_id") `);
    await queryRunner.query(`CREATE TABLE "billing"."elite_waitlist" ("email" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a9ebdf65bcb0db44c349a5e04b0" PRIMARY KEY ("email"))`);
    await queryRunner.query(`CREATE TABLE "billing"."stripe_webhook_events" ("id" text NOT NULL, "type" text NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0cf13fd3f2ff5604e092bc1ff48" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "billing"."billing_customers" ADD "tier" text NOT NULL DEFAULT 'free'`);
    await queryRunner.query(`ALTER TABLE "billing"."billing_customers" ADD "subscription_tier" text NOT NULL DEFAULT 'free'`);
    await queryRunner.query(`ALTER TABLE "billing"."billing_customers" ADD "tier_changed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_billing_customers_stripe_customer" ON "billing"."billing_customers"  ("stripe_customer_id") WHERE stripe_customer_id IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "billing"."promo_redemptions" ADD CONSTRAINT "FK_86e2ca7e056d554ec51f39a7671" FOREIGN KEY ("promo_code_id") REFERENCES "billing"."promo_codes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "billing"."promo_redemptions" DROP CONSTRAINT "FK_86e2ca7e056d554ec51f39a7671"`);
    await queryRunner.query(`DROP INDEX "billing"."idx_billing_customers_stripe_customer"`);
    await queryRunner.query(`ALTER TABLE "billing"."billing_customers" DROP COLUMN "tier_changed_at"`);
    await queryRunner.query(`ALTER TABLE "billing"."billing_customers" DROP COLUMN "subscription_tier"`);
    await queryRunner.query(`ALTER TABLE "billing"."billing_customers" DROP COLUMN "tier"`);
    await queryRunner.query(`DROP TABLE "billing"."stripe_webhook_events"`);
    await queryRunner.query(`DROP TABLE "billing"."elite_waitlist"`);
    await queryRunner.query(`DROP INDEX "billing"."idx_subscriptions_user"`);
    await queryRunner.query(`DROP TABLE "billing"."subscriptions"`);
    await queryRunner.query(`DROP INDEX "billing"."idx_promo_redemptions_code_status"`);
    await queryRunner.query(`DROP INDEX "billing"."uq_promo_redemptions_checkout_session"`);
    await queryRunner.query(`DROP TABLE "billing"."promo_redemptions"`);
    await queryRunner.query(`DROP TABLE "billing"."promo_codes"`);
  }
}
