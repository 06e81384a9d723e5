import { Link, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The rides list, where the ride page links back to. */
export const RIDES_PATH = '/rides';

/** The path of a ride's page. */
export const rideHref = (rideId: string): string => `${RIDES_PATH}/${encodeURIComponent(rideId)}`;

/** A link to a ride's page (ride cards, the dashboard, the rides list). */
export function RideLink({
  rideId,
  children,
  ...rest
}: { rideId: string; children: ReactNode } & Omit<LinkProps, 'asChild' | 'href'>) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" {...rest}>
      <RouterLink to={rideHref(rideId)}>{children}</RouterLink>
    </Link>
  );
}
