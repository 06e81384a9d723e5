// Types of fit-ride.mjs for the TypeScript tests that use it.
export interface RideSensors {
  speed: number;
  power: number;
  heartRate: number;
  cadence: number;
  altitude: number;
}
export function sensorsAt(i: number): RideSensors;
export function encodeRide(options: {
  seconds: number;
  start?: Date;
  skip?: (i: number) => boolean;
  edit?: (i: number, record: Record<string, unknown>) => Record<string, unknown>;
  pauses?: [number, number][];
}): { data: Buffer; records: number };
