import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAuditLogAndUserDeletions1795652521451 implements MigrationInterface {
  name = 'CreateAuditLogAndUserDeletions1795652521451';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "admin"."outbox_events" ("id" uuid NOT NULL, "name" text NOT NULL, "version" integer NOT NULL, "payload" jsonb NOT NULL, "correlation_id" text, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_events_unpublished" ON "admin"."outbox_events"  ("occurred_at") WHERE published_at IS NULL`);
    await queryRunner.query(`CREATE TABLE "admin"."processed_events" ("event_id" uuid NOT NULL, "name" text NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_585a690352092645ee665d70ac2" PRIMARY KEY ("event_id"))`);
    await queryRunner.query(`CREATE TABLE "admin"."admin_audit_log" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "admin_id" text NOT NULL, "admin_username" text NOT NULL, "action" text NOT NULL, "target_type" text NOT NULL, "target_id" text NOT NULL, "details" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9425be48a9c753f5753017c61b2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_admin_audit_log_created" ON "admin"."admin_audit_log"  ("created_at") `);
    await queryRunner.query(`CREATE TABLE "admin"."user_deletions" ("user_id" uuid NOT NULL, "purged_by" text array NOT NULL DEFAULT '{}', "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_c0d9bfda7a43c9a2a6f74014a7f" PRIMARY KEY ("user_id"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "admin"."user_deletions"`);
    await queryRunner.query(`DROP INDEX "admin"."idx_admin_audit_log_created"`);
    await queryRunner.query(`DROP TABLE "admin"."admin_audit_log"`);
    await queryRunner.query(`DROP TABLE "admin"."processed_events"`);
    await queryRunner.query(`DROP INDEX "admin"."idx_outbox_events_unpublished"`);
    await queryRunner.query(`DROP TABLE "admin"."outbox_events"`);
  }
}
