// Types of balancer.mjs for the TypeScript spec that uses it.
import type { Server } from 'node:http';

export interface BalancerConfig {
  name: string;
  port: number;
  upstreams: (number | string)[];
}
export interface UpstreamStats {
  port: number;
  requests: number;
  refused: number;
  aborted: number;
}
export interface BalancerStats {
  name: string;
  port: number;
  upstreams: UpstreamStats[];
}
export function startBalancer(config: BalancerConfig): Promise<{ server: Server; stats(): BalancerStats }>;
export function balancerStats(port: number): Promise<BalancerStats>;
