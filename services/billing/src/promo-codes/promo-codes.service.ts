import { Injectable } from '@nestjs/common';
import { conflict, DomainException, EventPublisher, notFound } from '@domestique/common';
import {
  BillingErrorCode,
  BillingMessages,
  describeDiscount,
  type AdminPromoCodeDto,
  type CreatePromoCodeRequest,
  type PromoValidationDto,
} from '@domestique/proto';
import { DataSource, type EntityManager } from 'typeorm';
import type { PromoCodeEntity } from './promo-code.entity.js';
import { PromoCodesRepository } from './promo-codes.repository.js';
import { promoProblem, promoStatus } from './promo-rules.js';

/** How long a use stays reserved before its checkout session exists (then: until the session expires). */
const RESERVATION_HOLD_MS = 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PromoReservation {
  promo: PromoCodeEntity;
  reservationId: string;
  /** true when the rider's running reservation was taken over (their older checkout is replaced) */
  reused: boolean;
  /** the older checkout session that used the reservation, to expire */
  replacedSessionId: string | null;
}

const throwProblem = (problem: NonNullable<ReturnType<typeof promoProblem>>): never => {
  throw new DomainException(problem.code, problem.message, problem.status);
};

export const toAdminPromoCodeDto = (promo: PromoCodeEntity, now = new Date()): AdminPromoCodeDto => ({
  id: promo.id,
  code: promo.code,
  description: promo.description,
  discountType: promo.discountType,
  discountValue: promo.discountValue,
  validFrom: promo.validFrom.toISOString(),
  validUntil: promo.validUntil.toISOString(),
  usageLimit: promo.usageLimit,
  usedCount: promo.usedCount,
  isActive: promo.isActive,
  status: promoStatus(promo, now),
});

/** Promo codes: validation, the reservations that keep usage limits exact, redemption, admin CRUD. */
@Injectable()
export class PromoCodesService {
  constructor(
    private readonly promos: PromoCodesRepository,
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** POST /api/promo/validate: the code's discount, or which rule it fails. */
  async validate(code: string, userId: string | null, now = new Date()): Promise<PromoValidationDto> {
    const promo = await this.promos.findByCode(code);
    const uses = promo ? await this.promos.usesOf(promo, now, userId) : 0;
    const problem = promoProblem(promo, uses, now);
    if (problem) throwProblem(problem);
    const found = promo!;
    return {
      code: found.code,
      discountType: found.discountType,
      discountValue: found.discountValue,
      message: `${found.code} applied: ${describeDiscount(found)}.`,
    };
  }

  /**
   * Holds one use of a code for a rider's checkout. The code's row is locked while the uses are
   * counted and the reservation written, so concurrent checkouts can never pass the limit. A rider
   * with a running reservation of the same code keeps it for the new checkout.
   */
  reserve(code: string, userId: string, now = new Date()): Promise<PromoReservation> {
    return this.dataSource.transaction(async (manager) => {
      const promo = await this.promos.lockByCode(manager, code);
      const running = promo ? await this.promos.findRunningReservation(manager, promo.id, userId, now) : null;
      const uses = promo ? await this.promos.usesOf(promo, now, userId, manager) : 0;
      const problem = promoProblem(promo, uses, now);
      if (problem) throwProblem(problem);
      if (running) {
        return {
          promo: promo!,
          reservationId: running.id,
          reused: true,
          replacedSessionId: running.checkoutSessionId,
        };
      }
      const reservation = await this.promos.reserve(
        manager,
        promo!.id,
        userId,
        new Date(now.getTime() + RESERVATION_HOLD_MS),
      );
      return { promo: promo!, reservationId: reservation.id, reused: false, replacedSessionId: null };
    });
  }

  attachSession(reservationId: string, checkoutSessionId: string, expiresAt: Date): Promise<void> {
    return this.promos.attachSession(reservationId, checkoutSessionId, expiresAt);
  }

  /** A checkout that never reached Stripe gives its use back. */
  release(reservationId: string): Promise<void> {
    return this.promos.release(reservationId);
  }

  /** checkout.session.expired: the use comes back, unless a newer checkout of the rider holds it. */
  releaseForExpiredSession(
    manager: EntityManager,
    reservationId: string,
    checkoutSessionId: string,
  ): Promise<void> {
    return this.promos.release(reservationId, checkoutSessionId, manager);
  }

  /** checkout.session.completed: counts the use once (a redelivered event finds it counted). */
  async redeem(
    manager: EntityManager,
    reservationId: string,
    checkoutSessionId: string,
    userId: string | null,
  ): Promise<void> {
    const promo = await this.promos.redeem(manager, reservationId, checkoutSessionId);
    if (promo && userId) {
      await this.events.publish(manager, 'promo.redeemed', {
        promoCodeId: promo.id,
        code: promo.code,
        userId,
      });
    }
  }

  setStripeCoupon(promoId: string, couponId: string): Promise<void> {
    return this.promos.setStripeCoupon(promoId, couponId);
  }

  forgetUser(manager: EntityManager, userId: string): Promise<void> {
    return this.promos.forgetUser(manager, userId);
  }

  // ------------------------------------------------------------------------------------- admin

  async list(): Promise<AdminPromoCodeDto[]> {
    const now = new Date();
    return (await this.promos.list()).map((promo) => toAdminPromoCodeDto(promo, now));
  }

  async create(request: CreatePromoCodeRequest): Promise<AdminPromoCodeDto> {
    const created = await this.promos.create(request);
    if (!created) throw conflict(BillingMessages.promoCodeTaken, BillingErrorCode.PromoCodeTaken);
    return toAdminPromoCodeDto(created);
  }

  async delete(id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.promos.delete(id))) {
      throw notFound(BillingMessages.promoNotFound, BillingErrorCode.PromoNotFound);
    }
  }
}
