import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The Kubernetes manifests (deploy/k8s), rendered without a cluster: each overlay is built by the
 * small subset of kustomize it uses (resources, namespace, strategic-merge patches, images,
 * replicas), and compared with `kubectl kustomize` where kubectl exists. Every process of
 * docker-compose.yml must have a Deployment that runs the same command with the three probes,
 * requests and limits, a PodDisruptionBudget and its environment from the ConfigMap and the Secret.
 * Every rendered object (and every object of the base files as written) is validated against the
 * Kubernetes OpenAPI schemas that `kubernetes-models` ships, offline.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const K8S = join(ROOT, 'deploy/k8s');
const OVERLAYS = ['dev', 'prod'] as const;

type Json = Record<string, unknown>;

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Json;
  data?: Record<string, string>;
}

interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { name: string }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  startupProbe?: { httpGet?: { path: string; port: string } };
  readinessProbe?: { httpGet?: { path: string; port: string } };
  livenessProbe?: { httpGet?: { path: string; port: string } };
}

interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  patches?: { path: string; target?: { kind: string; labelSelector?: string } }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
}

const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Strategic merge as kustomize applies it to these kinds: maps merge, lists of named items merge by name. */
const merge = (target: unknown, patch: unknown): unknown => {
  if (isObject(target) && isObject(patch)) {
    const merged: Json = { ...target };
    for (const [key, value] of Object.entries(patch)) merged[key] = merge(target[key], value);
    return merged;
  }
  const named = (list: unknown): list is { name: string }[] =>
    Array.isArray(list) && list.every((item) => isObject(item) && typeof item.name === 'string');
  if (named(target) && named(patch)) {
    const merged = target.map((item) => {
      const match = patch.find((candidate) => candidate.name === item.name);
      return match ? merge(item, match) : item;
    });
    return [...merged, ...patch.filter((item) => !target.some((existing) => existing.name === item.name))];
  }
  return patch;
};

const podSpecOf = (object: K8sObject): PodSpec | undefined =>
  (object.spec?.template as { spec?: PodSpec } | undefined)?.spec;

const containersOf = (object: K8sObject): Container[] => {
  const pod = podSpecOf(object);
  return pod ? [...pod.containers, ...(pod.initContainers ?? [])] : [];
};

/** An equality-based label selector (`a=b,c=d`), the only kind these manifests use. */
const labelsMatch = (labels: Record<string, string> | undefined, selector = ''): boolean =>
  selector
    .split(',')
    .filter(Boolean)
    .every((term) => {
      const [name, value] = term.split('=');
      return labels?.[name!.trim()] === value!.trim();
    });

/** `kustomize build` for the features these overlays use. */
const build = (dir: string): K8sObject[] => {
  const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  let objects = (kustomization.resources ?? []).flatMap((resource) => {
    const path = resolve(dir, resource);
    if (statSync(path).isDirectory()) return build(path);
    return parseAllDocuments(readFileSync(path, 'utf8')).map((document) => document.toJS() as K8sObject);
  });
  for (const { path, target } of kustomization.patches ?? []) {
    const { metadata, ...patch } = parse(readFileSync(join(dir, path), 'utf8')) as K8sObject;
    // without a target, the patch names its object; with one, it applies to every object selected
    const selected = objects.filter((object) =>
      target
        ? object.kind === target.kind && labelsMatch(object.metadata.labels, target.labelSelector)
        : object.kind === patch.kind && object.metadata.name === metadata.name,
    );
    if (selected.length === 0) throw new Error(`${path}: no ${patch.kind} ${metadata.name} to patch`);
    objects = objects.map((object) =>
      selected.includes(object)
        ? { ...(merge(object, patch) as K8sObject), metadata: object.metadata }
        : object,
    );
  }
  if (kustomization.namespace) {
    const namespace = kustomization.namespace;
    objects = objects.map((object) =>
      CLUSTER_SCOPED.has(object.kind) ? object : { ...object, metadata: { ...object.metadata, namespace } },
    );
  }
  for (const image of kustomization.images ?? []) {
    for (const container of objects.flatMap(containersOf)) {
      const [name, tag] = container.image.split(':');
      if (name !== image.name) continue;
      container.image = `${image.newName ?? name}:${image.newTag ?? tag ?? 'latest'}`;
    }
  }
  for (const { name, count } of kustomization.replicas ?? []) {
    const target = objects.find(
      (object) => object.metadata.name === name && object.spec?.replicas !== undefined,
    );
    if (!target) throw new Error(`replicas: no ${name}`);
    target.spec!.replicas = count;
  }
  return objects;
};

const require = createRequire(import.meta.url);

/**
 * The kubernetes-models class of an apiVersion and kind (`apps/v1` Deployment ->
 * kubernetes-models/apps/v1/Deployment; the core group's `v1` -> kubernetes-models/v1/...), or
 * undefined for a kind the package has no schema for (which the tests refuse: nothing unchecked).
 */
const schemaModel = ({ apiVersion, kind }: { apiVersion?: unknown; kind?: unknown }) => {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !/^[A-Za-z]+$/.test(kind))
    return undefined;
  try {
    const module = require(`kubernetes-models/${apiVersion}/${kind}`) as Record<
      string,
      new (data: unknown) => { validate(): void }
    >;
    return module[kind];
  } catch {
    return undefined;
  }
};

/** The schema problems of one object: '' when it validates. */
const schemaProblems = (object: unknown): string => {
  const Model = schemaModel(object as { apiVersion?: unknown; kind?: unknown });
  const { apiVersion, kind } = object as { apiVersion?: unknown; kind?: unknown };
  if (!Model) return `no Kubernetes schema for ${String(apiVersion)} ${String(kind)}`;
  try {
    new Model(object).validate();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

/** Each object of a list with its schema problems, for one readable failure listing them all. */
const invalid = (objects: K8sObject[]) =>
  objects
    .map((object) => ({ object: key(object), problems: schemaProblems(object) }))
    .filter(({ problems }) => problems !== '');

const key = (object: K8sObject) =>
  `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
const sorted = (objects: K8sObject[]) => [...objects].sort((a, b) => key(a).localeCompare(key(b)));

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

/** `kubectl kustomize` of an overlay (only where kubectl exists), rendered once for every test. */
const fromKubectl = new Map<string, { stderr: string; objects: K8sObject[] }>();
const kubectlRender = (overlay: string) => {
  let answer = fromKubectl.get(overlay);
  if (!answer) {
    const { stdout, stderr } = spawnSync('kubectl', ['kustomize', join(K8S, 'overlays', overlay)], {
      encoding: 'utf8',
    });
    answer = { stderr, objects: parseAllDocuments(stdout).map((document) => document.toJS() as K8sObject) };
    fromKubectl.set(overlay, answer);
  }
  return answer;
};

const rendered = Object.fromEntries(
  OVERLAYS.map((overlay) => [overlay, build(join(K8S, 'overlays', overlay))]),
) as Record<(typeof OVERLAYS)[number], K8sObject[]>;

const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);

/** docker-compose.yml's own processes (the demo profile's simulators and the data stores excluded). */
interface ComposeService {
  image?: string;
  command?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
}
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const PROCESSES = Object.entries(compose.services).filter(
  ([, service]) => service.image?.startsWith('domestique/') && !service.profiles?.length,
);

/** The Secret's keys: every secret a process reads (docs/operations.md lists them for operators). */
const SECRET_KEYS = [
  'DATABASE_URL',
  'REDIS_URL',
  'INTERNAL_JWT_SECRET',
  'ADMIN_PASSWORD',
  'SMTP_USER',
  'SMTP_PASSWORD',
  'STRAVA_CLIENT_SECRET',
  'STRAVA_TOKEN_KEY',
  'STRAVA_WEBHOOK_VERIFY_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'OPENAI_API_KEY',
  'METRICS_TOKEN',
];

describe.each(OVERLAYS)('deploy/k8s/overlays/%s', (overlay) => {
  const objects = rendered[overlay];
  const deployments = ofKind(objects, 'Deployment');
  const config = ofKind(objects, 'ConfigMap').find((object) => object.metadata.name === 'domestique-config');

  it('renders as `kubectl kustomize` does, where kubectl exists', () => {
    expect(deployments.length).toBeGreaterThan(0);
    if (!kubectl) return;
    const answer = kubectlRender(overlay);
    expect(answer.stderr).toBe('');
    expect(sorted(objects)).toEqual(sorted(answer.objects));
  });

  it('validates every rendered object against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(deployments.length);
    expect(invalid(objects)).toEqual([]);
  });

  it('validates what `kubectl kustomize` renders too, where kubectl exists', () => {
    // without kubectl the objects above (the built-in renderer's) are the ones validated
    if (!kubectl) return;
    const rendered = kubectlRender(overlay).objects;
    expect(rendered.length).toBe(objects.length);
    expect(invalid(rendered)).toEqual([]);
  });

  it('has a Deployment for every process of docker-compose.yml, running the same command', () => {
    expect(PROCESSES.length).toBe(11);
    for (const [name, service] of PROCESSES) {
      const deployment = deployments.find((candidate) => candidate.metadata.name === name);
      expect({ name, found: Boolean(deployment) }).toEqual({ name, found: true });
      expect(containersOf(deployment!)[0]!.command).toEqual(service.command);
      // the probes use the port compose health-checks
      const composePort = /127\.0\.0\.1:(\d+)\/health/.exec(service.healthcheck!.test.join(' '))![1];
      const container = containersOf(deployment!)[0]!;
      const probePort = container.readinessProbe!.httpGet!.port;
      expect(container.ports!.find((port) => port.name === probePort)!.containerPort).toBe(
        Number(composePort),
      );
    }
  });

  it('gives every Deployment startup, readiness and liveness probes on /livez and /readyz', () => {
    for (const deployment of deployments) {
      for (const container of containersOf(deployment)) {
        expect({
          name: deployment.metadata.name,
          probes: {
            startup: container.startupProbe?.httpGet?.path,
            readiness: container.readinessProbe?.httpGet?.path,
            liveness: container.livenessProbe?.httpGet?.path,
          },
        }).toEqual({
          name: deployment.metadata.name,
          probes: { startup: '/livez', readiness: '/readyz', liveness: '/livez' },
        });
      }
    }
  });

  it('gives every container of a Deployment, StatefulSet or Job CPU and memory requests and limits', () => {
    const workloads = objects.filter((object) => ['Deployment', 'StatefulSet', 'Job'].includes(object.kind));
    expect(workloads.length).toBeGreaterThan(deployments.length);
    for (const workload of workloads) {
      for (const container of containersOf(workload)) {
        for (const bound of ['requests', 'limits'] as const) {
          expect({
            name: workload.metadata.name,
            bound,
            keys: Object.keys(container.resources?.[bound] ?? {}).sort(),
          }).toEqual({ name: workload.metadata.name, bound, keys: ['cpu', 'memory'] });
        }
      }
    }
  });

  it('covers every Deployment with a PodDisruptionBudget selecting its pods', () => {
    const budgets = ofKind(objects, 'PodDisruptionBudget');
    for (const deployment of deployments) {
      const podLabels = (deployment.spec!.template as { metadata: { labels: Record<string, string> } })
        .metadata.labels;
      const budget = budgets.find((candidate) =>
        Object.entries(
          (candidate.spec!.selector as { matchLabels: Record<string, string> }).matchLabels,
        ).every(([label, value]) => podLabels[label] === value),
      );
      expect({ name: deployment.metadata.name, budget: budget?.metadata.name }).toEqual({
        name: deployment.metadata.name,
        budget: deployment.metadata.name,
      });
    }
  });

  it('takes every environment from the ConfigMap and the Secret, and commits no secret value', () => {
    const workloads = [...deployments, ...ofKind(objects, 'Job')];
    for (const workload of workloads) {
      for (const container of containersOf(workload)) {
        expect(container.envFrom).toEqual([
          { configMapRef: { name: 'domestique-config' } },
          { secretRef: { name: 'domestique-secrets' } },
        ]);
        expect(container.env).toBeUndefined();
      }
    }
    expect(ofKind(objects, 'Secret')).toEqual([]);
    expect(config).toBeDefined();
    for (const name of Object.keys(config!.data ?? {}))
      expect(name).not.toMatch(/SECRET|PASSWORD|TOKEN|_KEY$/);
  });

  it('sets every variable compose gives the processes, in the ConfigMap or as a Secret key', () => {
    const variables = new Set(PROCESSES.flatMap(([, service]) => Object.keys(service.environment ?? {})));
    const configured = new Set([...Object.keys(config!.data ?? {}), ...SECRET_KEYS]);
    expect([...variables].filter((name) => !configured.has(name))).toEqual([]);
  });

  it('runs the migrations as a Job of the same image and puts everything in one namespace', () => {
    const [job] = ofKind(objects, 'Job');
    expect(job!.metadata.name).toBe('domestique-migrate');
    const image = containersOf(deployments[0]!)[0]!.image;
    expect(containersOf(job!)[0]!.image).toBe(image);
    const namespaces = new Set(
      objects.filter((object) => !CLUSTER_SCOPED.has(object.kind)).map((object) => object.metadata.namespace),
    );
    expect([...namespaces]).toEqual([overlay === 'prod' ? 'domestique' : 'domestique-dev']);
  });
});

describe('the prod overlay', () => {
  const objects = rendered.prod;

  const autoscalers = ofKind(objects, 'HorizontalPodAutoscaler') as (K8sObject & {
    spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
  })[];
  const autoscalerOf = (name: string) => autoscalers.find((hpa) => hpa.spec.scaleTargetRef.name === name)!;

  it('autoscales every Deployment: the gateway and each API from 2 replicas, each worker from 1; the release image', () => {
    const deployments = ofKind(objects, 'Deployment');
    expect(autoscalers.length).toBe(deployments.length);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const component = deployment.metadata.labels?.['app.kubernetes.io/component'];
      const hpa = autoscalerOf(name);
      expect({ name, target: hpa?.spec.scaleTargetRef.kind, min: hpa?.spec.minReplicas }).toEqual({
        name,
        target: 'Deployment',
        min: component === 'worker' ? 1 : 2,
      });
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      // a count in the manifest would be put back by every apply, undoing the autoscaler
      expect({ name, replicas: deployment.spec!.replicas }).toEqual({ name, replicas: undefined });
      expect(containersOf(deployment)[0]!.image).toMatch(/^registry\.example\.com\/domestique\/app:\d/);
    }
  });

  it("keeps every database pool, at the autoscalers' maxima and mid-rollout, within PostgreSQL's default connections", () => {
    const config = ofKind(objects, 'ConfigMap').find(
      (object) => object.metadata.name === 'domestique-config',
    )!;
    const pool = Number(config.data!.DATABASE_POOL_MAX);
    // every process but the gateway holds a pool; a rollout adds maxSurge pods at once
    const pods = ofKind(objects, 'Deployment')
      .filter((deployment) => deployment.metadata.name !== 'gateway')
      .map((deployment) => {
        const surge = (deployment.spec!.strategy as { rollingUpdate: { maxSurge: number } }).rollingUpdate
          .maxSurge;
        return autoscalerOf(deployment.metadata.name).spec.maxReplicas + surge;
      })
      .reduce((sum, count) => sum + count, 0);
    const migrationPool = 3;
    expect(pods * pool + migrationPool).toBeLessThanOrEqual(100 - 3);
    expect(pool).toBeGreaterThanOrEqual(3);
  });

  it('expects the Secret from outside, and the documentation lists its keys and how to apply', () => {
    const operations = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
    expect(operations).toContain('kubectl apply -k deploy/k8s/overlays/prod');
    for (const name of SECRET_KEYS) expect(operations).toContain(`\`${name}\``);
  });

  it('has no data store of its own (managed PostgreSQL and Redis)', () => {
    expect(ofKind(objects, 'StatefulSet')).toEqual([]);
  });
});

describe('the Kubernetes schema check', () => {
  const kustomizations = (dir: string): string[] => {
    const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
    const files = [
      ...(kustomization.resources ?? []).map((resource) => resolve(dir, resource)),
      ...(kustomization.patches ?? []).map(({ path }) => join(dir, path)),
    ];
    return files.flatMap((path) => (statSync(path).isDirectory() ? kustomizations(path) : [path]));
  };

  it('parses every file of the base and the overlays as Kubernetes objects, patches included', () => {
    const files = [...new Set(OVERLAYS.flatMap((overlay) => kustomizations(join(K8S, 'overlays', overlay))))];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const document of parseAllDocuments(readFileSync(file, 'utf8'))) {
        expect({ file, errors: document.errors.map(String) }).toEqual({ file, errors: [] });
        const object = document.toJS() as K8sObject;
        // a resource validates whole; a patch names a kind the schemas know
        expect({ file, model: Boolean(schemaModel(object)), name: typeof object.metadata?.name }).toEqual({
          file,
          model: true,
          name: 'string',
        });
        if (!file.includes('patch'))
          expect({ file, problems: schemaProblems(object) }).toEqual({ file, problems: '' });
      }
    }
  });

  it('refuses a broken object, an unknown kind and a misspelt apiVersion', () => {
    const deployment = rendered.prod.find((object) => object.kind === 'Deployment')!;
    expect(schemaProblems(deployment)).toBe('');
    const broken = structuredClone(deployment) as K8sObject & {
      spec: { template: { spec: { containers: { ports: { containerPort: unknown }[] }[] } } };
    };
    broken.spec.template.spec.containers[0]!.ports[0]!.containerPort = 'http';
    expect(schemaProblems(broken)).toMatch(/containerPort must be integer/);
    const noContainers = structuredClone(deployment) as K8sObject & { spec: { template: { spec: Json } } };
    delete noContainers.spec.template.spec.containers;
    expect(schemaProblems(noContainers)).toMatch(/spec must have required property containers/);
    const badQuantity = structuredClone(deployment) as K8sObject & {
      spec: { template: { spec: { containers: { resources: { limits: Json } }[] } } };
    };
    badQuantity.spec.template.spec.containers[0]!.resources.limits.memory = 'lots';
    expect(schemaProblems(badQuantity)).toMatch(/memory must match format "quantity"/);
    expect(schemaProblems({ ...deployment, kind: 'Deploymnet' })).toBe(
      'no Kubernetes schema for apps/v1 Deploymnet',
    );
    expect(schemaProblems({ ...deployment, apiVersion: 'app/v1' })).toBe(
      'no Kubernetes schema for app/v1 Deployment',
    );
    expect(invalid([broken, deployment]).map(({ object }) => object)).toEqual([key(broken)]);
  });
});

describe('the subset of kustomize used here', () => {
  it('merges named list items by name and replaces other lists', () => {
    expect(
      merge(
        { containers: [{ name: 'a', image: 'x', args: [1] }, { name: 'b' }], tags: [1, 2] },
        { containers: [{ name: 'a', args: [2] }, { name: 'c' }], tags: [3] },
      ),
    ).toEqual({
      containers: [{ name: 'a', image: 'x', args: [2] }, { name: 'b' }, { name: 'c' }],
      tags: [3],
    });
  });

  it('refuses a patch whose target does not exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'k8s-overlay-'));
    try {
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        `resources: ['${join(K8S, 'base')}']\npatches:\n  - path: stray.yaml\n`,
      );
      writeFileSync(join(dir, 'stray.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nowhere\n');
      expect(() => build(dir)).toThrow('stray.yaml: no ConfigMap nowhere to patch');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
