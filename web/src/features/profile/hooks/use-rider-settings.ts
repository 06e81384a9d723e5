import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { toast } from '../../../app/toaster';
import { errorMessage } from '../../../app/error-message';
import type { RiderSettingsInput } from '../../../gql/graphql';
import type { UnitSystem } from '../../../app/units/units';
import { RIDER_SETTINGS_QUERY, UPDATE_RIDER_SETTINGS_MUTATION } from '../graphql/rider-settings.graphql';

export const TrainingProfileToasts = {
  updated: ['Training Profile Updated', "Your rides' IF, TSS and zones are being updated to match."],
  failed: 'Failed to update your training profile. Please try again.',
} as const;

export const UnitsToasts = {
  updated: (units: UnitSystem) =>
    ['Units Updated', `Distances, elevation, speed and weight now show in ${units} units.`] as const,
  failed: 'Failed to update your units. Please try again.',
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
  const send = useCallback(
    async (
      input: RiderSettingsInput,
      updated: readonly [string, string],
      failed: string,
    ): Promise<boolean> => {
      try {
        await mutate({ variables: { input } });
        toast.success(...updated);
        return true;
      } catch (error) {
        toast.error('Error', errorMessage(error, failed));
        return false;
      }
    },
    [mutate],
  );
  const save = useCallback(
    (input: RiderSettingsInput) => send(input, TrainingProfileToasts.updated, TrainingProfileToasts.failed),
    [send],
  );
  /** The rider's unit system: every screen follows it (they read the same cached settings). */
  const saveUnits = useCallback(
    (units: UnitSystem) => send({ units }, UnitsToasts.updated(units), UnitsToasts.failed),
    [send],
  );

  const settings = query.data?.riderSettings;
  return {
    settings,
    loading: !settings && query.loading,
    error: settings ? undefined : query.error,
    retry: () => void query.refetch(),
    save,
    saveUnits,
    saving,
  };
}

/** The rider's weight in kg for W/kg beside power, or null while unknown (read from the cache first). */
export function useRiderWeight(): number | null {
  const query = useQuery(RIDER_SETTINGS_QUERY);
  return query.data?.riderSettings.weightKg ?? null;
}
