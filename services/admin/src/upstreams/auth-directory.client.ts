import { Inject, Injectable } from '@nestjs/common';
import { ServicePatternClient, type PatternClient } from '@domestique/common';
import {
  Patterns,
  type AdminDirectoryPage,
  type AdminDirectoryQuery,
  type AdminDirectoryUser,
  type TierCounts,
} from '@domestique/proto';

/** The auth service's user directory (users, their tiers, the counts per tier), asked over its patterns. */
@Injectable()
export class AuthDirectoryClient {
  constructor(@Inject(ServicePatternClient) private readonly patterns: PatternClient) {}

  page(query: AdminDirectoryQuery): Promise<AdminDirectoryPage> {
    return this.patterns.send(Patterns.adminDirectoryPage, query);
  }

  /** 404 (rethrown) when there is no such user */
  user(userId: string): Promise<AdminDirectoryUser> {
    return this.patterns.send(Patterns.adminDirectoryUser, { userId });
  }

  tierCounts(): Promise<TierCounts> {
    return this.patterns.send(Patterns.adminTierCounts, {});
  }
}
