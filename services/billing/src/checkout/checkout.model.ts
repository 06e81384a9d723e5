import { Field, ObjectType } from '@nestjs/graphql';
import type { CheckoutSessionDto, PortalSessionDto } from '@domestique/proto';

@ObjectType('CheckoutSession')
export class CheckoutSessionModel implements CheckoutSessionDto {
  @Field()
  sessionId!: string;
  @Field({ description: 'the hosted Checkout page the browser goes to' })
  url!: string;
}

@ObjectType('PortalSession')
export class PortalSessionModel implements PortalSessionDto {
  @Field()
  url!: string;
}
