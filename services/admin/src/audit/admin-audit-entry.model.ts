import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('AdminAuditEntry')
export class AdminAuditEntryModel {
  @Field(() => ID)
  id!: string;
  @Field()
  adminUsername!: string;
  @Field()
  action!: string;
  @Field()
  targetType!: string;
  @Field()
  targetId!: string;
  @Field({ description: 'ISO 8601, UTC' })
  createdAt!: string;
}
