// Types of stack.mjs for the TypeScript tests that use it.
import type { ChildProcess } from 'node:child_process';

export interface StackProcess {
  name: string;
  entry: string;
  args?: string[];
  health?: string;
  /** the variable holding its port (services, workers, gateway) */
  portKey?: string;
  /** variables for this process alone (on top of the stack's env) */
  env?: Record<string, string>;
}
export interface Simulator {
  name: string;
  entry: string;
  args?: (env: Record<string, string>) => string[];
  portKeys: string[];
  derive?: (env: Record<string, string>) => Record<string, string>;
  health: (env: Record<string, string>) => string;
}
export const SIMULATORS: Simulator[];
export interface Stack {
  env: Record<string, string>;
  children: { proc: StackProcess; child: ChildProcess }[];
  stop(): Promise<void>;
  /** kills one process (SIGKILL by default) and resolves when it has exited */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** starts a killed process again; resolves when it is healthy */
  relaunch(name: string): Promise<void>;
  gatewayUrl: string;
}
export function freePort(): Promise<number>;
export function withFreePorts(env: Record<string, string>): Promise<Record<string, string>>;
export function stackProcesses(env: Record<string, string>): StackProcess[];
export function replicaNames(name: string, replicas?: number): string[];
export function replicaPorts(replicas: number): Promise<Record<string, string[]>>;
export function replicatedProcesses(
  processes: StackProcess[],
  ports: Record<string, string[]>,
): StackProcess[];
export function startStack(options: {
  env: Record<string, string>;
  logs?: 'terminal' | 'files';
  logDir?: string;
  timeoutMs?: number;
  processes?: StackProcess[];
}): Promise<Stack>;
