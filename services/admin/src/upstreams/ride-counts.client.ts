import { Inject, Injectable } from '@nestjs/common';
import { ServicePatternClient, type PatternClient } from '@domestique/common';
import { Patterns, type UserRideCounts } from '@domestique/proto';

/** The rides service's totals per user (one question per batch of users). */
@Injectable()
export class RideCountsClient {
  constructor(@Inject(ServicePatternClient) private readonly patterns: PatternClient) {}

  async countsFor(userIds: readonly string[]): Promise<Map<string, UserRideCounts>> {
    if (userIds.length === 0) return new Map();
    const { counts } = await this.patterns.send(Patterns.adminRideCounts, { userIds: [...userIds] });
    return new Map(counts.map((count) => [count.userId, count]));
  }
}
