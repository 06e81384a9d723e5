import type { IconType } from 'react-icons';
import {
  MdChat,
  MdDirectionsBike,
  MdFlag,
  MdHelpOutline,
  MdInsights,
  MdPerson,
  MdSpaceDashboard,
  MdStar,
} from 'react-icons/md';
import type { NavPageKey } from '../routing/routes';

/**
 * The icon of each screen with a navigation link (routes.ts, `nav`), in the drawer and the user menu.
 * Kept out of the route table so the first screen's chunk carries no icons; a new `nav` entry does
 * not compile until it has one here.
 */
export const NAV_ICONS: Record<NavPageKey, IconType> = {
  dashboard: MdSpaceDashboard,
  rides: MdDirectionsBike,
  goals: MdFlag,
  analytics: MdInsights,
  coach: MdChat,
  subscribe: MdStar,
  profile: MdPerson,
  faq: MdHelpOutline,
};
