import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddTrainingPlans1795830000000 implements MigrationInterface {
  name = 'AddTrainingPlans1795830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rides"."training_plans" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "event_name" text NOT NULL, "event_date" date NOT NULL, "event_type" text NOT NULL, "weekly_hours" double precision NOT NULL, "riding_days" jsonb NOT NULL, "long_ride_day" text NOT NULL, "start_date" date NOT NULL, "start_ctl" double precision NOT NULL, "start_atl" double precision NOT NULL, "ramp_limit" double precision NOT NULL, "phases" jsonb NOT NULL, "weeks" jsonb NOT NULL, "race_prep" jsonb NOT NULL, "explanation" jsonb NOT NULL, "course" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "ended_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_246975cb895b51662b90515a390" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_training_plans_current" ON "rides"."training_plans" ("user_id") WHERE "ended_at" IS NULL`);
    await queryRunner.query(`CREATE TABLE "rides"."plan_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "plan_id" uuid NOT NULL, "user_id" uuid NOT NULL, "key" text NOT NULL, "date" date NOT NULL, "original_date" date, "week" integer NOT NULL, "phase" text NOT NULL, "role" text NOT NULL, "type" text NOT NULL, "title" text NOT NULL, "steps" jsonb NOT NULL, "duration_s" integer NOT NULL, "planned_load" double precision NOT NULL, "reason" text NOT NULL, "status" text NOT NULL DEFAULT 'planned', "ride_id" uuid, "compliance" jsonb, CONSTRAINT "PK_ca3e33007ebdc0b2204e85a79f2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_plan_sessions_plan_key" ON "rides"."plan_sessions" ("plan_id", "key") `);
    await queryRunner.query(`CREATE INDEX "idx_plan_sessions_plan_date" ON "rides"."plan_sessions" ("plan_id", "date") `);
    await queryRunner.query(`CREATE INDEX "idx_plan_sessions_user" ON "rides"."plan_sessions" ("user_id") `);
    await queryRunner.query(`CREATE TABLE "rides"."plan_adjustments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "plan_id" uuid NOT NULL, "trigger" text NOT NULL, "session_key" text, "kind" text NOT NULL, "reason" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3113ed812575c53f38fbc9e8977" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_plan_adjustments_plan_trigger" ON "rides"."plan_adjustments" ("plan_id", "trigger") `);
    await queryRunner.query(`ALTER TABLE "rides"."plan_sessions" ADD CONSTRAINT "FK_5898bff187c15c05364733c8797" FOREIGN KEY ("plan_id") REFERENCES "rides"."training_plans"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rides"."plan_adjustments" ADD CONSTRAINT "FK_8da10ac9f963bc59a128e91e7f8" FOREIGN KEY ("plan_id") REFERENCES "rides"."training_plans"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rides"."plan_adjustments" DROP CONSTRAINT "FK_8da10ac9f963bc59a128e91e7f8"`);
    await queryRunner.query(`ALTER TABLE "rides"."plan_sessions" DROP CONSTRAINT "FK_5898bff187c15c05364733c8797"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_plan_adjustments_plan_trigger"`);
    await queryRunner.query(`DROP TABLE "rides"."plan_adjustments"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_plan_sessions_user"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_plan_sessions_plan_date"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_plan_sessions_plan_key"`);
    await queryRunner.query(`DROP TABLE "rides"."plan_sessions"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_training_plans_current"`);
    await queryRunner.query(`DROP TABLE "rides"."training_plans"`);
  }
}
