import { migrations } from './migrations/index.js';
import { RideEntity } from './rides/ride.entity.js';

/** The rides schema's entities and committed migrations. */
export const ridesDatabase = { entities: [RideEntity], migrations };
