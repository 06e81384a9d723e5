import { UserEntity } from './users/user.entity.js';
import { migrations } from './migrations/index.js';

/** The auth schema's entities and committed migrations (used by the app, the worker and the migration tools). */
export const authDatabase = { entities: [UserEntity], migrations };
