import { z } from 'zod';
import { AdminDirectoryPage, AdminDirectoryQuery, AdminDirectoryUser, TierCounts } from '../dto/admin.dto.js';
import { definePattern, EmptyRequest } from './define.js';

/** The questions the auth service answers: its user directory, for the admin service. */
export const AuthPatterns = {
  /** one page of users, newest first, with the number matching across pages */
  adminDirectoryPage: definePattern({
    name: 'auth.admin-directory.page',
    responder: 'auth',
    callers: ['admin'],
    request: AdminDirectoryQuery,
    response: AdminDirectoryPage,
    timeoutMs: 5_000,
  }),
  /** one user (404 when there is none) */
  adminDirectoryUser: definePattern({
    name: 'auth.admin-directory.user',
    responder: 'auth',
    callers: ['admin'],
    request: z.strictObject({ userId: z.string().max(200) }),
    response: AdminDirectoryUser,
    timeoutMs: 5_000,
  }),
  /** users in all, on Pro, on Elite */
  adminTierCounts: definePattern({
    name: 'auth.admin-directory.tier-counts',
    responder: 'auth',
    callers: ['admin'],
    request: EmptyRequest,
    response: TierCounts,
    timeoutMs: 5_000,
  }),
} as const;
