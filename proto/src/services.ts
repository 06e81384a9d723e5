/** The backend services. Each owns one PostgreSQL schema of the same name (admin: its audit log). */
export const SERVICE_NAMES = ['auth', 'rides', 'analysis', 'billing', 'admin'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Consumers of events: the services plus the gateway (sessions follow user and tier events). */
export type EventSubscriber = ServiceName | 'gateway';
