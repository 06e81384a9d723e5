import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { toast } from '../../../app/toaster';
import { errorMessage } from '../../../app/error-message';
import type { RiderSettingsInput } from '../../../gql/graphql';
import { RIDER_SETTINGS_QUERY, UPDATE_RIDER_SETTINGS_MUTATION } from '../graphql/rider-settings.graphql';

export const TrainingProfileToasts = {
  updated: ['Training Profile Updated', "Your rides' IF, TSS and zones are being updated to match."],
  failed: 'Failed to update your training profile. Please try again.',
} as const;

/** The rider's FTP, heart rates and weight with their estimates, and the call that changes them. */
export function useRiderSettings() {
  const query = useQuery(RIDER_SETTINGS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [mutate, { loading: saving }] = useMutation(UPDATE_RIDER_SETTINGS_MUTATION, {
    // The settings have no id to normalise on: the answer replaces the cached query's.
    update(cache, { data }) {
      if (data)
        cache.writeQuery({ query: RIDER_SETTINGS_QUERY, data: { riderSettings: data.updateRiderSettings } });
    },
  });

  /** Resolves true when saved; toasts either way. */
  const save = useCallback(
    async (input: RiderSettingsInput): Promise<boolean> => {
      try {
        await mutate({ variables: { input } });
        toast.success(...TrainingProfileToasts.updated);
        return true;
      } catch (error) {
        toast.error('Error', errorMessage(error, TrainingProfileToasts.failed));
        return false;
      }
    },
    [mutate],
  );

  const settings = query.data?.riderSettings;
  return {
    settings,
    loading: !settings && query.loading,
    error: settings ? undefined : query.error,
    retry: () => void query.refetch(),
    save,
    saving,
  };
}

/** The rider's weight in kg for W/kg beside power, or null while unknown (read from the cache first). */
export function useRiderWeight(): number | null {
  const query = useQuery(RIDER_SETTINGS_QUERY);
  return query.data?.riderSettings.weightKg ?? null;
}
