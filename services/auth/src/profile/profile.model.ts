import { Field, InputType } from '@nestjs/graphql';

@InputType()
export class UpdateProfileInput {
  @Field({ description: 'trimmed; empty means not set' })
  firstName!: string;
  @Field({ description: 'trimmed; empty means not set' })
  lastName!: string;
}
