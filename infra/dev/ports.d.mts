// Types of ports.mjs for the TypeScript tests that use it.
export function ephemeralStart(): number;
export function canListen(port: number): Promise<boolean>;
export function freePort(options?: { random?: () => number }): Promise<number>;
