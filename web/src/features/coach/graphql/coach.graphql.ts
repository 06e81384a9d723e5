import { graphql } from '../../../gql';

export const CHAT_MESSAGE_FIELDS = graphql(`
  fragment ChatMessageFields on ChatMessage {
    id
    message
    response
    createdAt
  }
`);

export const COACH_CHAT_QUERY = graphql(`
  query CoachChat($limit: Int) {
    coachChat(limit: $limit) {
      messages {
        ...ChatMessageFields
      }
      nextCursor
    }
  }
`);

export const SEND_COACH_MESSAGE_MUTATION = graphql(`
  mutation SendCoachMessage($message: String!) {
    sendCoachMessage(message: $message) {
      ...ChatMessageFields
    }
  }
`);
