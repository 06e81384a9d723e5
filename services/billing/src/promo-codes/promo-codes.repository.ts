import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { CreatePromoCodeRequest } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { Repository, type EntityManager } from 'typeorm';
import { PromoCodeEntity } from './promo-code.entity.js';
import { PromoRedemptionEntity } from './promo-redemption.entity.js';

/** The only code that queries promo_codes and promo_redemptions. */
@Injectable()
export class PromoCodesRepository {
  constructor(
    @InjectRepository(PromoCodeEntity) private readonly codes: Repository<PromoCodeEntity>,
    @InjectRepository(PromoRedemptionEntity) private readonly redemptions: Repository<PromoRedemptionEntity>,
  ) {}

  findByCode(code: string): Promise<PromoCodeEntity | null> {
    return this.codes.findOneBy({ code });
  }

  /** Reads a code and holds it until the transaction ends, so reservations are counted one at a time. */
  lockByCode(manager: EntityManager, code: string): Promise<PromoCodeEntity | null> {
    return manager
      .getRepository(PromoCodeEntity)
      .createQueryBuilder('promo')
      .setLock('pessimistic_write')
      .where('promo.code = :code', { code })
      .getOne();
  }

  list(): Promise<PromoCodeEntity[]> {
    return this.codes.find({ order: { createdAt: 'DESC' } });
  }

  /** Creates a code; false when the code exists already. */
  async create(request: CreatePromoCodeRequest): Promise<PromoCodeEntity | null> {
    const inserted = await this.codes
      .createQueryBuilder()
      .insert()
      .into(PromoCodeEntity)
      .values({
        code: request.code,
        description: request.description,
        discountType: request.discountType,
        discountValue: request.discountValue,
        validFrom: request.validFrom,
        validUntil: request.validUntil,
        usageLimit: request.usageLimit,
      })
      .orIgnore()
      .returning('id')
      .execute();
    const row = (inserted.raw as { id: string }[])[0];
    return row ? this.codes.findOneBy({ id: row.id }) : null;
  }

  /**
   * Creates a configured code the first time this database sees it (remembered in
   * seeded_promo_codes, so a code an admin deleted stays deleted); true when this call created it.
   * Safe under concurrent boots: the marker's primary key lets one caller through.
   */
  seedOnce(request: CreatePromoCodeRequest): Promise<boolean> {
    return this.codes.manager.transaction(async (manager) => {
      const marked: unknown[] = await manager.query(
        'INSERT INTO billing.seeded_promo_codes (code) VALUES ($1) ON CONFLICT (code) DO NOTHING RETURNING code',
        [request.code],
      );
      if (marked.length === 0) return false;
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(PromoCodeEntity)
        .values({ ...request, isActive: true })
        .orIgnore()
        .returning('id')
        .execute();
      return (inserted.raw as unknown[]).length > 0;
    });
  }

  /** Deletes a code and its reservations; false when there was none. */
  async delete(id: string): Promise<boolean> {
    const result = await this.codes.delete({ id });
    return (result.affected ?? 0) > 0;
  }

  async setStripeCoupon(id: string, stripeCouponId: string): Promise<void> {
    await this.codes.update({ id }, { stripeCouponId });
  }

  /** Completed checkouts plus reservations still running, leaving out one rider's own reservation. */
  async usesOf(
    promo: PromoCodeEntity,
    now: Date,
    exceptUserId: string | null,
    manager?: EntityManager,
  ): Promise<number> {
    const query = (manager?.getRepository(PromoRedemptionEntity) ?? this.redemptions)
      .createQueryBuilder('redemption')
      .where('redemption.promo_code_id = :promoId', { promoId: promo.id })
      .andWhere("redemption.status = 'reserved'")
      .andWhere('redemption.expires_at > :now', { now });
    if (exceptUserId) query.andWhere('redemption.user_id IS DISTINCT FROM :userId', { userId: exceptUserId });
    return promo.usedCount + (await query.getCount());
  }

  /** The rider's running reservation of this code, if any. */
  findRunningReservation(
    manager: EntityManager,
    promoId: string,
    userId: string,
    now: Date,
  ): Promise<PromoRedemptionEntity | null> {
    return manager
      .getRepository(PromoRedemptionEntity)
      .createQueryBuilder('redemption')
      .where('redemption.promo_code_id = :promoId', { promoId })
      .andWhere('redemption.user_id = :userId', { userId })
      .andWhere("redemption.status = 'reserved'")
      .andWhere('redemption.expires_at > :now', { now })
      .orderBy('redemption.created_at', 'DESC')
      .getOne();
  }

  async reserve(
    manager: EntityManager,
    promoId: string,
    userId: string,
    expiresAt: Date,
  ): Promise<PromoRedemptionEntity> {
    const reservation = manager.create(PromoRedemptionEntity, {
      id: randomUUID(),
      promoCodeId: promoId,
      userId,
      checkoutSessionId: null,
      status: 'reserved',
      expiresAt,
      redeemedAt: null,
    });
    await manager.insert(PromoRedemptionEntity, reservation);
    return reservation;
  }

  /** Points a reservation at the checkout session now using it (a newer one replaces an older). */
  async attachSession(reservationId: string, checkoutSessionId: string, expiresAt: Date): Promise<void> {
    await this.redemptions.update(
      { id: reservationId, status: 'reserved' },
      { checkoutSessionId, expiresAt },
    );
  }

  /** Gives a reservation's use back; with a session id, only while that session is still the one using it. */
  async release(reservationId: string, checkoutSessionId?: string, manager?: EntityManager): Promise<void> {
    await (manager?.getRepository(PromoRedemptionEntity) ?? this.redemptions).update(
      checkoutSessionId
        ? { id: reservationId, status: 'reserved', checkoutSessionId }
        : { id: reservationId, status: 'reserved' },
      { status: 'released' },
    );
  }

  /**
   * Counts a completed checkout's use, once: the reservation becomes redeemed and the code's
   * usedCount grows by one. Answers the code when this call did it, null when it was done before.
   */
  async redeem(
    manager: EntityManager,
    reservationId: string,
    checkoutSessionId: string,
  ): Promise<PromoCodeEntity | null> {
    const updated = await manager
      .createQueryBuilder()
      .update(PromoRedemptionEntity)
      .set({ status: 'redeemed', redeemedAt: () => 'now()', checkoutSessionId })
      .where('id = :reservationId', { reservationId })
      .andWhere("status <> 'redeemed'")
      .returning('promo_code_id')
      .execute();
    const row = (updated.raw as { promo_code_id: string }[])[0];
    if (!row) return null;
    await manager.increment(PromoCodeEntity, { id: row.promo_code_id }, 'usedCount', 1);
    return manager.findOneBy(PromoCodeEntity, { id: row.promo_code_id });
  }

  /** A deleted rider's uses keep counting, without their id. */
  async forgetUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.update(PromoRedemptionEntity, { userId }, { userId: null });
  }
}
