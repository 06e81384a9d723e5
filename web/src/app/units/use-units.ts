import '../zod-jitless';
import { useQuery } from '@apollo/client/react';
import { DEFAULT_UNIT_SYSTEM } from '@domestique/proto';
import { useMemo } from 'react';
import { RIDER_SETTINGS_QUERY } from '../../features/profile/graphql/rider-settings.graphql';
import { useSession } from '../session/session-context';
import { quantities, type QuantityName, type Quantity, type UnitSystem } from './units';

export interface Units {
  system: UnitSystem;
  /** the quantities of the rider's system: `q.distance.unit`, `formatQuantity(q.distance, metres)` */
  q: Record<QuantityName, Quantity>;
}

/**
 * The rider's unit system, read from the rider's settings (the Apollo cache first, so every screen
 * shares one request); the spec's default, imperial, while loading, on an error and when signed out.
 */
export function useUnits(): Units {
  const { status } = useSession();
  const query = useQuery(RIDER_SETTINGS_QUERY, { skip: status !== 'authenticated' });
  const system: UnitSystem = query.data?.riderSettings.units ?? DEFAULT_UNIT_SYSTEM;
  return useMemo(() => ({ system, q: quantities(system) }), [system]);
}
