import { Field, InputType, ObjectType } from '@nestjs/graphql';
import type { AdminAuthDto } from '@domestique/proto';

@ObjectType('AdminAuth')
export class AdminAuthModel implements AdminAuthDto {
  @Field()
  isAdmin!: boolean;
}

@InputType()
export class AdminLoginInput {
  @Field()
  username!: string;
  @Field()
  password!: string;
}
