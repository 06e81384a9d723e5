import { Field, ObjectType } from '@nestjs/graphql';
import type { WaitlistDto } from '@domestique/proto';

@ObjectType('WaitlistAnswer')
export class WaitlistModel implements WaitlistDto {
  @Field()
  message!: string;
}
