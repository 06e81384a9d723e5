import { Badge } from '@chakra-ui/react';
import type { Tier } from '@domestique/proto';
import { TIER_BADGE } from './user-display';

const PALETTE: Record<Tier, string> = { free: 'gray', pro: 'brand', elite: 'purple' };

/** FREE, PRO or ELITE. */
export function TierBadge({ tier }: { tier: Tier }) {
  return (
    <Badge colorPalette={PALETTE[tier]} variant="solid" size="sm" letterSpacing="wider">
      {TIER_BADGE[tier]}
    </Badge>
  );
}
