import { useMutation, useQuery } from '@apollo/client/react';
import { GoalMessages } from '@domestique/proto/messages';
import { useCallback } from 'react';
import { toast } from '../../../app/toaster';
import { browserTimeZone } from '../../../app/browser-time-zone';
import { errorMessage } from '../../../app/error-message';
import {
  CREATE_GOAL_MUTATION,
  DELETE_GOAL_MUTATION,
  GOALS_QUERY,
  UPDATE_GOAL_MUTATION,
} from '../graphql/goals.graphql';
import type { GoalInput } from '../../../gql/graphql';

/** Spec section 8 (created); the same words for edits and deletions. */
export const GoalToasts = {
  created: [GoalMessages.created, GoalMessages.createdDescription],
  updated: ['Goal Updated', 'Your goal has been updated.'],
  deleted: ['Goal Deleted', 'Your goal has been removed.'],
} as const;

/** The rider's goals and the calls that change them, each with its toasts. */
export function useGoals() {
  const query = useQuery(GOALS_QUERY, { fetchPolicy: 'cache-and-network' });
  const refetchQueries = [{ query: GOALS_QUERY }];
  const [create, creating] = useMutation(CREATE_GOAL_MUTATION, { refetchQueries });
  const [update, updating] = useMutation(UPDATE_GOAL_MUTATION, { refetchQueries });
  const [remove, removing] = useMutation(DELETE_GOAL_MUTATION, { refetchQueries });

  const createGoal = useCallback(
    async (input: GoalInput): Promise<boolean> => {
      try {
        await create({ variables: { input, timeZone: browserTimeZone() } });
        toast.success(...GoalToasts.created);
        return true;
      } catch (error) {
        toast.error('Error', errorMessage(error, GoalMessages.createFailed));
        return false;
      }
    },
    [create],
  );

  const updateGoal = useCallback(
    async (id: string, input: GoalInput): Promise<boolean> => {
      try {
        await update({ variables: { id, input, timeZone: browserTimeZone() } });
        toast.success(...GoalToasts.updated);
        return true;
      } catch (error) {
        toast.error('Error', errorMessage(error, GoalMessages.updateFailed));
        return false;
      }
    },
    [update],
  );

  const deleteGoal = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await remove({ variables: { id } });
        toast.success(...GoalToasts.deleted);
        return true;
      } catch (error) {
        toast.error('Error', errorMessage(error, GoalMessages.deleteFailed));
        return false;
      }
    },
    [remove],
  );

  const goals = query.data?.goals;
  return {
    goals: goals ?? [],
    loading: !goals && query.loading,
    error: goals ? undefined : query.error,
    retry: () => void query.refetch(),
    createGoal,
    creating: creating.loading,
    updateGoal,
    updating: updating.loading,
    deleteGoal,
    deleting: removing.loading,
  };
}
