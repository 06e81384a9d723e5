export declare const ADMIN_DATABASE_URL: string;
export declare const createScratchDatabase: (kind: string) => Promise<{ name: string; url: string }>;
export declare const dropScratchDatabase: (name: string) => Promise<void>;
export declare const scratchRedisPrefix: (kind: string) => string;
export declare const deleteRedisPrefix: (redisUrl: string, prefix: string) => Promise<void>;
