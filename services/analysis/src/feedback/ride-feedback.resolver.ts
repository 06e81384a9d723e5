import {
  Args,
  Context,
  ID,
  Mutation,
  Parent,
  ResolveField,
  Resolver,
  ResolveReference,
} from '@nestjs/graphql';
import { Access, CurrentUser, type CurrentUserInfo, type GraphQLRequestContext } from '@domestique/common';
import { FeedbackBatchLoader } from './feedback-batch.loader.js';
import { AiFeedbackModel, RideWithFeedbackModel } from './ride-feedback.model.js';
import type { StoredFeedbackDto } from './ride-feedback.repository.js';
import { RideFeedbackService } from './ride-feedback.service.js';
import { RideIdPipe } from './ride-id.pipe.js';

/** The GraphQL side of ride feedback: `Ride.aiFeedback` on the rides list and the analyzeRide mutation. */
@Resolver(() => RideWithFeedbackModel)
export class RideFeedbackResolver {
  constructor(
    private readonly service: RideFeedbackService,
    private readonly loader: FeedbackBatchLoader,
  ) {}

  /** Answers the analysed ride (its id and feedback), so a client cache updates that ride. */
  @Mutation(() => RideWithFeedbackModel, {
    description: "Analyses one of the rider's rides (or answers its feedback again, without using the quota)",
  })
  @Access('user')
  async analyzeRide(
    @CurrentUser() user: CurrentUserInfo,
    @Args('rideId', { type: () => ID }, RideIdPipe) rideId: string,
  ): Promise<RideWithFeedbackModel> {
    return { id: rideId, aiFeedback: await this.service.analyse(user.userId, user.tier, rideId) };
  }

  /** Federation: the gateway asks for the feedback of the rides the rides service listed. */
  @ResolveReference()
  @Access('user')
  resolveReference(reference: { id: string }): { id: string } {
    return { id: reference.id };
  }

  @ResolveField('aiFeedback', () => AiFeedbackModel, { nullable: true })
  aiFeedback(
    @Parent() ride: RideWithFeedbackModel,
    @CurrentUser() user: CurrentUserInfo,
    @Context() context: GraphQLRequestContext,
  ): Promise<StoredFeedbackDto | null> {
    if (ride.aiFeedback !== undefined) return Promise.resolve(ride.aiFeedback);
    return this.loader.load(context.req, user.userId, ride.id);
  }
}
