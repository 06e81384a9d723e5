import { gql, type TypedDocumentNode } from '@apollo/client';
import type { GoalDto } from '@domestique/proto';

export const GOAL_FIELDS = gql`
  fragment GoalFields on Goal {
    id
    title
    description
    type
    unit
    targetValue
    currentValue
    targetDate
    status
    createdAt
    completedAt
  }
`;

export type Goal = GoalDto;

/** What the form sends: the spec's POST /api/goals body (currentValue: custom goals, edit only). */
export interface GoalInput {
  title: string;
  description: string | null;
  type: GoalDto['type'];
  targetValue: number;
  targetDate: string;
  currentValue?: number;
}

export const GOALS_QUERY: TypedDocumentNode<{ goals: Goal[] }, Record<string, never>> = gql`
  query Goals {
    goals {
      ...GoalFields
    }
  }
  ${GOAL_FIELDS}
`;

export const CREATE_GOAL_MUTATION: TypedDocumentNode<
  { createGoal: Goal },
  { input: GoalInput; timeZone: string | null }
> = gql`
  mutation CreateGoal($input: GoalInput!, $timeZone: String) {
    createGoal(input: $input, timeZone: $timeZone) {
      ...GoalFields
    }
  }
  ${GOAL_FIELDS}
`;

export const UPDATE_GOAL_MUTATION: TypedDocumentNode<
  { updateGoal: Goal },
  { id: string; input: Partial<GoalInput>; timeZone: string | null }
> = gql`
  mutation UpdateGoal($id: ID!, $input: GoalInput!, $timeZone: String) {
    updateGoal(id: $id, input: $input, timeZone: $timeZone) {
      ...GoalFields
    }
  }
  ${GOAL_FIELDS}
`;

export const DELETE_GOAL_MUTATION: TypedDocumentNode<{ deleteGoal: string }, { id: string }> = gql`
  mutation DeleteGoal($id: ID!) {
    deleteGoal(id: $id)
  }
`;
