import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ChatMessageDto, ChatPageDto } from '@domestique/proto';

const CHAT_MESSAGE_FIELDS = gql`
  fragment ChatMessageFields on ChatMessage {
    id
    message
    response
    createdAt
  }
`;

export const COACH_CHAT_QUERY: TypedDocumentNode<{ coachChat: ChatPageDto }, { limit?: number }> = gql`
  query CoachChat($limit: Int) {
    coachChat(limit: $limit) {
      messages {
        ...ChatMessageFields
      }
      nextCursor
    }
  }
  ${CHAT_MESSAGE_FIELDS}
`;

export const SEND_COACH_MESSAGE_MUTATION: TypedDocumentNode<
  { sendCoachMessage: ChatMessageDto },
  { message: string }
> = gql`
  mutation SendCoachMessage($message: String!) {
    sendCoachMessage(message: $message) {
      ...ChatMessageFields
    }
  }
  ${CHAT_MESSAGE_FIELDS}
`;
