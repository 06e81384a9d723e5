import { graphql } from '../../../gql';
import type { GoalDto } from '@domestique/proto';
import { protoTyped, type ProtoTyped } from '../../../app/proto-typed';
import type { GoalFieldsFragment } from '../../../gql/graphql';

export const GOAL_FIELDS = graphql(`
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
`);

/** A goal as the screens read it: the fields `GoalFields` selects. */
export type Goal = ProtoTyped<GoalFieldsFragment, GoalDto>;

export const GOALS_QUERY = protoTyped<{ goals: GoalDto[] }>()(
  graphql(`
    query Goals {
      goals {
        ...GoalFields
      }
    }
  `),
);

export const CREATE_GOAL_MUTATION = graphql(`
  mutation CreateGoal($input: GoalInput!, $timeZone: String) {
    createGoal(input: $input, timeZone: $timeZone) {
      ...GoalFields
    }
  }
`);

export const UPDATE_GOAL_MUTATION = graphql(`
  mutation UpdateGoal($id: ID!, $input: GoalInput!, $timeZone: String) {
    updateGoal(id: $id, input: $input, timeZone: $timeZone) {
      ...GoalFields
    }
  }
`);

export const DELETE_GOAL_MUTATION = graphql(`
  mutation DeleteGoal($id: ID!) {
    deleteGoal(id: $id)
  }
`);
