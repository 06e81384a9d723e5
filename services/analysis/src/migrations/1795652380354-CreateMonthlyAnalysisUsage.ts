import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMonthlyAnalysisUsage1795652380354 implements MigrationInterface {
  name = 'CreateMonthlyAnalysisUsage1795652380354';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "analysis"."outbox_events" ("id" uuid NOT NULL, "name" text NOT NULL, "version" integer NOT NULL, "payload" jsonb NOT NULL, "correlation_id" text, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_events_unpublished" ON "analysis"."outbox_events"  ("occurred_at") WHERE published_at IS NULL`);
    await queryRunner.query(`CREATE TABLE "analysis"."processed_events" ("event_id" uuid NOT NULL, "name" text NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_585a690352092645ee665d70ac2" PRIMARY KEY ("event_id"))`);
    await queryRunner.query(`CREATE TABLE "analysis"."monthly_analysis_usage" ("user_id" uuid NOT NULL, "month" date NOT NULL, "used" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_505949063df575767b0ec81df2b" PRIMARY KEY ("user_id", "month"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "analysis"."monthly_analysis_usage"`);
    await queryRunner.query(`DROP TABLE "analysis"."processed_events"`);
    await queryRunner.query(`DROP INDEX "analysis"."idx_outbox_events_unpublished"`);
    await queryRunner.query(`DROP TABLE "analysis"."outbox_events"`);
  }
}
