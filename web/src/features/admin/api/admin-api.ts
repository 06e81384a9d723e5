import type {
  AdminPromoCodeDto,
  AdminStatsDto,
  AdminTierChangeDto,
  AdminUserDto,
  Tier,
  UserDeletionDto,
} from '@domestique/proto';

/**
 * A failed admin call. Its message follows spec section 8 ("{status}: {body text}", or the status
 * text when the body is empty); `serverMessage` is the `{message}` the server gave, if any.
 */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

const messageIn = (text: string): string | undefined => {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
  } catch {
    return undefined;
  }
};

/** The shared helper of spec section 7: cookie credentials; a JSON content type only with a body. */
export async function adminRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) {
    const text = await answer.text();
    throw new AdminApiError(answer.status, `${answer.status}: ${text || answer.statusText}`, messageIn(text));
  }
  return (await answer.json()) as T;
}

export interface NewPromoCode {
  code: string;
  description: string | null;
  discountType: AdminPromoCodeDto['discountType'];
  discountValue: number;
  validFrom: string;
  validUntil: string;
  usageLimit: number | null;
}

/** The admin calls of spec section 7. */
export const adminApi = {
  users: () => adminRequest<AdminUserDto[]>('GET', '/api/admin/users'),
  stats: () => adminRequest<AdminStatsDto>('GET', '/api/admin/stats'),
  promoCodes: () => adminRequest<AdminPromoCodeDto[]>('GET', '/api/admin/promo-codes'),
  setTier: (userId: string, subscriptionTier: Tier) =>
    adminRequest<AdminTierChangeDto>('PATCH', `/api/admin/users/${encodeURIComponent(userId)}`, {
      subscriptionTier,
    }),
  deleteUser: (userId: string) =>
    adminRequest<UserDeletionDto>('DELETE', `/api/admin/users/${encodeURIComponent(userId)}`),
  deletion: (userId: string) =>
    adminRequest<UserDeletionDto>('GET', `/api/admin/users/${encodeURIComponent(userId)}/deletion`),
  createPromoCode: (promo: NewPromoCode) =>
    adminRequest<AdminPromoCodeDto>('POST', '/api/admin/promo-codes', promo),
  deletePromoCode: (id: string) =>
    adminRequest<{ message: string }>('DELETE', `/api/admin/promo-codes/${encodeURIComponent(id)}`),
};
