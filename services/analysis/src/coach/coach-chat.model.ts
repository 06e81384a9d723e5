import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { ChatMessageDto, ChatPageDto } from '@domestique/proto';

@ObjectType('ChatMessage', { description: "One exchange with the coach: the rider's message and the answer" })
export class ChatMessageModel implements ChatMessageDto {
  @Field(() => ID)
  id!: string;
  @Field()
  message!: string;
  @Field()
  response!: string;
  @Field({ description: 'ISO 8601, UTC' })
  createdAt!: string;
}

@ObjectType('ChatPage')
export class ChatPageModel implements ChatPageDto {
  @Field(() => [ChatMessageModel], { description: 'newest first' })
  messages!: ChatMessageModel[];
  @Field(() => String, { nullable: true })
  nextCursor!: string | null;
}
