import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { parse } from 'yaml';

/**
 * deploy/monitoring: the Grafana dashboard and the Prometheus alert rules name only metrics the code
 * registers (prom-client's `name:` in the services, the common kit and the gateway, plus its process
 * metrics), so renaming a metric without them fails here; and they cover what operations watch.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const MONITORING = join(ROOT, 'deploy/monitoring');

/** Every source file of the backend (tests and builds left out). */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', '__tests__', 'test'].includes(entry.name) ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });

/** A metric definition: prom-client's constructors, or the common kit's histogram/counter/gauge. */
const DEFINITION =
  /(?:\b(?:histogram|counter|gauge)|new\s+(?:Histogram|Gauge|Counter|Summary))(?:<[^>()]*>)?\(\s*\{\s*name:\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'/g;

const definedMetrics = (text: string): string[] => [...text.matchAll(DEFINITION)].map((match) => match[1]!);

const registered = (() => {
  const names = new Map<string, string>();
  for (const dir of ['services', 'gateway/src'])
    for (const file of sources(join(ROOT, dir)))
      for (const name of definedMetrics(readFileSync(file, 'utf8'))) names.set(name, relative(ROOT, file));
  // prom-client's process metrics, which renderMetrics turns on in every process
  const defaults = new Registry();
  collectDefaultMetrics({ register: defaults });
  for (const { name } of defaults.getMetricsAsArray()) names.set(name, 'prom-client');
  defaults.clear();
  return names;
})();

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
]);
const KEYWORDS_TOO = new Set(['unless', 'offset', 'inf', 'nan', 'le']);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, range
 * durations, grouping clauses, function calls' names and numbers are taken out.
 */
const metricNames = (expr: string): string[] => {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/(?<![\w:.])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:])(?!\s*\()/g)]
    .map((match) => match[1]!)
    .filter((name) => !KEYWORDS.has(name) && !KEYWORDS_TOO.has(name.toLowerCase()));
};

/** A histogram's series (`_bucket`, `_sum`, `_count`) belong to its registered name. */
const baseName = (name: string): string => {
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return base !== name && registered.has(base) ? base : name;
};

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules = (
  parse(readFileSync(join(MONITORING, 'alert-rules.yaml'), 'utf8')) as {
    groups: { name: string; rules: Rule[] }[];
  }
).groups.flatMap((group) => group.rules);

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string; refId: string }[];
  gridPos: { h: number; w: number; x: number; y: number };
}
const dashboard = JSON.parse(readFileSync(join(MONITORING, 'grafana-dashboard.json'), 'utf8')) as {
  uid: string;
  title: string;
  panels: Panel[];
};
const queries = dashboard.panels.flatMap((panel) =>
  (panel.targets ?? []).map((target) => ({ where: `${panel.title} ${target.refId}`, expr: target.expr })),
);

describe('deploy/monitoring', () => {
  it('finds the metrics the code registers', () => {
    expect(definedMetrics("export const h = histogram({\n  name: 'a_seconds',")).toEqual(['a_seconds']);
    expect(definedMetrics("new Gauge<'x'>({ name: 'b_total', help: '' })")).toEqual(['b_total']);
    for (const name of [
      'http_request_duration_seconds',
      'graphql_operation_duration_seconds',
      'bullmq_queue_jobs',
      'bullmq_queue_oldest_job_age_seconds',
      'bullmq_job_duration_seconds',
      'bullmq_job_failures_total',
      'provider_budget_used_ratio',
      'webhook_lag_seconds',
      'provider_call_duration_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect({ name, registered: registered.has(name) }).toEqual({ name, registered: true });
  });

  it('reads metric names out of PromQL, and only them', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{status=~"5..", route!="/x"}[5m]))) > 0.5 and on(job) up offset 5m',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'up']);
    expect(metricNames('label_replace(sum(foo:bar) > 0, "provider", "strava", "", "") or 6 * 3600')).toEqual([
      'foo:bar',
    ]);
  });

  it('names only registered metrics in the alert rules and the dashboard', () => {
    const unknown = [
      ...rules.map((rule) => ({ where: rule.alert ?? rule.record!, expr: rule.expr })),
      ...queries,
    ].flatMap(({ where, expr }) =>
      metricNames(expr)
        .filter((name) => !registered.has(baseName(name)))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // and a renamed metric would be caught
    expect(registered.has(baseName('bullmq_queue_oldest_job_age'))).toBe(false);
  });

  it('alerts on queue age, the 5xx rate, the Strava budget and webhook failures', () => {
    const reads = (metric: string) =>
      rules.filter((rule) => metricNames(rule.expr).some((name) => baseName(name) === metric));
    expect(reads('bullmq_queue_oldest_job_age_seconds').length).toBeGreaterThan(0);
    expect(reads('http_request_duration_seconds').some((rule) => rule.expr.includes('5..'))).toBe(true);
    expect(reads('provider_budget_used_ratio').some((rule) => rule.expr.includes('strava'))).toBe(true);
    expect(reads('webhook_deliveries_total').some((rule) => rule.expr.includes('failed'))).toBe(true);
  });

  it('gives every alert a unique name, a severity, a summary and balanced brackets', () => {
    const names = rules.map((rule) => rule.alert);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of rules) {
      expect({
        alert: rule.alert,
        severity: rule.labels?.severity,
        summary: typeof rule.annotations?.summary,
      }).toEqual({
        alert: expect.stringMatching(/^Domestique[A-Z]\w+$/),
        severity: expect.stringMatching(/^(warning|critical)$/),
        summary: 'string',
      });
      if (rule.for) expect(rule.for).toMatch(/^\d+[smh]$/);
    }
    for (const { where, expr } of [
      ...rules.map((rule) => ({ where: rule.alert!, expr: rule.expr })),
      ...queries,
    ]) {
      const depth = { '(': 0, '{': 0, '[': 0 };
      const closing = { ')': '(', '}': '{', ']': '[' } as const;
      for (const char of expr.replace(/"(?:[^"\\]|\\.)*"/g, '""')) {
        if (char in depth) depth[char as keyof typeof depth]++;
        if (char in closing) depth[closing[char as keyof typeof closing]]--;
        expect({ where, negative: Object.values(depth).some((count) => count < 0) }).toEqual({
          where,
          negative: false,
        });
      }
      expect({ where, depth }).toEqual({ where, depth: { '(': 0, '{': 0, '[': 0 } });
    }
  });

  it('lays the dashboard out on a 24-column grid, one query at least per graph', () => {
    expect(dashboard.uid).toBe('domestique-overview');
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
      if (panel.type !== 'row')
        expect({ title: panel.title, queries: (panel.targets ?? []).length > 0 }).toEqual({
          title: panel.title,
          queries: true,
        });
    }
    const panelsReading = (metric: string) =>
      queries.filter(({ expr }) => metricNames(expr).some((name) => baseName(name) === metric));
    for (const metric of [
      'http_request_duration_seconds',
      'bullmq_queue_jobs',
      'bullmq_queue_oldest_job_age_seconds',
      'bullmq_job_duration_seconds',
      'bullmq_job_failures_total',
      'provider_budget_used_ratio',
      'webhook_lag_seconds',
      'provider_call_duration_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect({ metric, panels: panelsReading(metric).length > 0 }).toEqual({ metric, panels: true });
  });
});
