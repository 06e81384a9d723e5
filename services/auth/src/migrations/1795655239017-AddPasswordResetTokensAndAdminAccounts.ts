import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddPasswordResetTokensAndAdminAccounts1795655239017 implements MigrationInterface {
  name = 'AddPasswordResetTokensAndAdminAccounts1795655239017';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "auth"."admin_accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "username" text NOT NULL, "password_hash" text NOT NULL, "last_signed_in_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_79fb3604ed15538685183d8df5f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_admin_accounts_username" ON "auth"."admin_accounts"  ("username") `);
    await queryRunner.query(`CREATE TABLE "auth"."password_reset_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "token_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d16bebd73e844c48bca50ff8d3d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_password_reset_tokens_user" ON "auth"."password_reset_tokens"  ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_password_reset_tokens_hash" ON "auth"."password_reset_tokens"  ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "ix_password_reset_tokens_expires" ON "auth"."password_reset_tokens"  ("expires_at") `);
    await queryRunner.query(`ALTER TABLE "auth"."password_reset_tokens" ADD CONSTRAINT "FK_52ac39dd8a28730c63aeb428c9c" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."password_reset_tokens" DROP CONSTRAINT "FK_52ac39dd8a28730c63aeb428c9c"`);
    await queryRunner.query(`DROP INDEX "auth"."ix_password_reset_tokens_expires"`);
    await queryRunner.query(`DROP INDEX "auth"."uq_password_reset_tokens_hash"`);
    await queryRunner.query(`DROP INDEX "auth"."ix_password_reset_tokens_user"`);
    await queryRunner.query(`DROP TABLE "auth"."password_reset_tokens"`);
    await queryRunner.query(`DROP INDEX "auth"."uq_admin_accounts_username"`);
    await queryRunner.query(`DROP TABLE "auth"."admin_accounts"`);
  }
}
