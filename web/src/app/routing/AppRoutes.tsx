import { useRoutes } from 'react-router';
import { SCREEN_ROUTES } from './screen-routes';

/**
 * The screen routes under a component router (the unit tests' MemoryRouter: a memory *data* router
 * needs the Fetch API's Request, which jsdom lacks). The app uses them as data routes (router.tsx).
 */
export function AppRoutes() {
  return useRoutes(SCREEN_ROUTES);
}
