import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBillingCustomers1795652477488 implements MigrationInterface {
  name = 'CreateBillingCustomers1795652477488';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing"."outbox_events" ("id" uuid NOT NULL, "name" text NOT NULL, "version" integer NOT NULL, "payload" jsonb NOT NULL, "correlation_id" text, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_events_unpublished" ON "billing"."outbox_events"  ("occurred_at") WHERE published_at IS NULL`);
    await queryRunner.query(`CREATE TABLE "billing"."processed_events" ("event_id" uuid NOT NULL, "name" text NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_585a690352092645ee665d70ac2" PRIMARY KEY ("event_id"))`);
    await queryRunner.query(`CREATE TABLE "billing"."billing_customers" ("user_id" uuid NOT NULL, "email" text NOT NULL, "stripe_customer_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9247f7fb18111a77f9d5ff06b99" PRIMARY KEY ("user_id"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."billing_customers"`);
    await queryRunner.query(`DROP TABLE "billing"."processed_events"`);
    await queryRunner.query(`DROP INDEX "billing"."idx_outbox_events_unpublished"`);
    await queryRunner.query(`DROP TABLE "billing"."outbox_events"`);
  }
}
