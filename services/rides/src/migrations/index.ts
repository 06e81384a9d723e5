import { CreateRides1795652436066 } from './1795652436066-CreateRides.js';

/** Applied in this order. Never edit a migration that has landed; add a new one. */
export const migrations = [CreateRides1795652436066];
