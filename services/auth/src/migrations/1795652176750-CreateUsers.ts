import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1795652176750 implements MigrationInterface {
  name = 'CreateUsers1795652176750';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "auth"."outbox_events" ("id" uuid NOT NULL, "name" text NOT NULL, "version" integer NOT NULL, "payload" jsonb NOT NULL, "correlation_id" text, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_events_unpublished" ON "auth"."outbox_events"  ("occurred_at") WHERE published_at IS NULL`);
    await queryRunner.query(`CREATE TABLE "auth"."processed_events" ("event_id" uuid NOT NULL, "name" text NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_585a690352092645ee665d70ac2" PRIMARY KEY ("event_id"))`);
    await queryRunner.query(`CREATE TABLE "auth"."users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" text NOT NULL, "password_hash" text NOT NULL, "first_name" text, "last_name" text, "profile_image_url" text, "subscription_tier" text NOT NULL DEFAULT 'free', "stripe_customer_id" text, "strava_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_email" ON "auth"."users"  ("email") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auth"."uq_users_email"`);
    await queryRunner.query(`DROP TABLE "auth"."users"`);
    await queryRunner.query(`DROP TABLE "auth"."processed_events"`);
    await queryRunner.query(`DROP INDEX "auth"."idx_outbox_events_unpublished"`);
    await queryRunner.query(`DROP TABLE "auth"."outbox_events"`);
  }
}
