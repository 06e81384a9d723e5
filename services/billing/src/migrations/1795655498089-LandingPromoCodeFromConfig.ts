import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Written by hand (data plus a bookkeeping table no entity maps): the landing promo code is now
 * created at boot from LANDING_PROMO_CODE (promo-codes/landing-promo-code.seeder.ts), so production
 * can run without it. `seeded_promo_codes` remembers each configured code created once, so an admin
 * who deletes it keeps it deleted. The code SeedLandingPromoCode1795655498088 inserted is removed
 * when nobody has used or reserved it (the seeder creates it again where it is configured); a code
 * already used stays, recorded as seeded.
 */
export class LandingPromoCodeFromConfig1795655498089 implements MigrationInterface {
  name = 'LandingPromoCodeFromConfig1795655498089';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "billing"."seeded_promo_codes" ("code" text NOT NULL, "seeded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_seeded_promo_codes" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `DELETE FROM "billing"."promo_codes" promo
        WHERE promo."code" = 'DOMESTIQUE90' AND promo."used_count" = 0
          AND NOT EXISTS (SELECT 1 FROM "billing"."promo_redemptions" r WHERE r."promo_code_id" = promo."id")`,
    );
    await queryRunner.query(
      `INSERT INTO "billing"."seeded_promo_codes" ("code")
       SELECT "code" FROM "billing"."promo_codes" WHERE "code" = 'DOMESTIQUE90'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."seeded_promo_codes"`);
  }
}
