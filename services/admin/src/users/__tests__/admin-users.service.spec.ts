import { describe, expect, it } from '@jest/globals';
import type { AdminDirectoryQuery, AdminDirectoryUser, UserRideCounts } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import type { AdminAudit } from '../../audit/admin-audit.service.js';
import type { UserDeletionsRepository } from '../../deletions/user-deletions.repository.js';
import type { AuthDirectoryClient } from '../../upstreams/auth-directory.client.js';
import type { BillingAdminClient } from '../../upstreams/billing-admin.client.js';
import type { RideCountsClient } from '../../upstreams/ride-counts.client.js';
import { AdminUsersService } from '../admin-users.service.js';

const directoryOf = (count: number): AdminDirectoryUser[] =>
  Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    email: `rider-${index}@example.com`,
    firstName: 'Rider',
    lastName: String(index),
    profileImageUrl: null,
    subscriptionTier: 'free',
    createdAt: new Date(Date.UTC(2026, 0, 1) - index * 1000).toISOString(),
  }));

const serviceOver = (everyone: AdminDirectoryUser[], deleted: string[] = []) => {
  const pages: AdminDirectoryQuery[] = [];
  const batches: string[][] = [];
  const directory = {
    page: (query: AdminDirectoryQuery) => {
      pages.push(query);
      return Promise.resolve({
        users: everyone.slice(query.offset, query.offset + query.limit),
        total: everyone.length,
      });
    },
  } as unknown as AuthDirectoryClient;
  const rides = {
    countsFor: (ids: readonly string[]) => {
      batches.push([...ids]);
      return Promise.resolve(
        new Map<string, UserRideCounts>(
          ids.map((userId) => [userId, { userId, totalRides: 3, totalAiFeedback: 2 }]),
        ),
      );
    },
  } as unknown as RideCountsClient;
  const deletions = {
    deletedAmong: (ids: readonly string[]) =>
      Promise.resolve(new Set(ids.filter((id) => deleted.includes(id)))),
  } as unknown as UserDeletionsRepository;
  const service = new AdminUsersService(
    directory,
    rides,
    {} as BillingAdminClient,
    deletions,
    {} as AdminAudit,
  );
  return { service, pages, batches };
};

describe('AdminUsersService.list', () => {
  it('composes every user from pages of 1000 and one ride-count call per page, never one per user', async () => {
    const everyone = directoryOf(2500);
    const { service, pages, batches } = serviceOver(everyone);
    const { users, total } = await service.list({ offset: 0 });
    expect(total).toBe(2500);
    expect(users.map((user) => user.id)).toEqual(everyone.map((user) => user.id));
    expect(users[0]).toMatchObject({ totalRides: 3, totalAiFeedback: 2, email: 'rider-0@example.com' });
    expect(pages.map((page) => [page.offset, page.limit])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 1000],
    ]);
    expect(batches.map((batch) => batch.length)).toEqual([1000, 1000, 500]);
  });

  it('honours offset and limit, and passes search and tier on to auth', async () => {
    const everyone = directoryOf(30);
    const { service, pages } = serviceOver(everyone);
    const { users } = await service.list({ offset: 5, limit: 10, search: 'rider', tier: 'free' });
    expect(users.map((user) => user.email)).toEqual(everyone.slice(5, 15).map((user) => user.email));
    expect(pages).toEqual([{ offset: 5, limit: 10, search: 'rider', tier: 'free' }]);
  });

  it('leaves out users whose deletion is under way, and answers an empty directory with nothing', async () => {
    const everyone = directoryOf(3);
    const { service } = serviceOver(everyone, [everyone[1]!.id]);
    expect((await service.list({ offset: 0 })).users.map((user) => user.id)).toEqual([
      everyone[0]!.id,
      everyone[2]!.id,
    ]);
    const empty = serviceOver([]);
    expect(await empty.service.list({ offset: 0 })).toEqual({ users: [], total: 0 });
    expect(empty.batches).toEqual([[]]);
  });
});
