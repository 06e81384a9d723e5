import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateGoals1795663274901 implements MigrationInterface {
  name = 'CreateGoals1795663274901';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rides"."goals" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "title" text NOT NULL, "description" text, "type" text NOT NULL, "target_value" double precision NOT NULL, "current_value" double precision NOT NULL DEFAULT '0', "target_date" date NOT NULL, "deadline" TIMESTAMP WITH TIME ZONE NOT NULL, "completed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_26e17b251afab35580dff769223" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_goals_user_created" ON "rides"."goals"  ("user_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "rides"."idx_goals_user_created"`);
    await queryRunner.query(`DROP TABLE "rides"."goals"`);
  }
}
