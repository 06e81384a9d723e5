import 'reflect-metadata';
import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import {
  ACCESS_METADATA,
  type AccessRule,
  type BaseConfig,
  type ServiceDefinition,
} from '@domestique/common';
import type { ServiceName } from '@domestique/proto';

/** Where @nestjs/graphql records a resolver method's operation type and field name. */
const RESOLVER_TYPE_METADATA = 'graphql:resolver_type';
const RESOLVER_NAME_METADATA = 'graphql:resolver_name';

/** One handler of a service: a REST route or a GraphQL root field, with the access rules it declares. */
export interface ServiceOperation {
  service: ServiceName;
  /** `PATCH /api/admin/users/:id` or `Mutation.setSubscriptionTier` */
  key: string;
  kind: 'rest' | 'graphql';
  /** REST: the method; GraphQL: Query or Mutation */
  verb: string;
  /** REST: the full path; GraphQL: the field name */
  path: string;
  access: AccessRule[];
}

type ModuleEntry = Type | DynamicModule | { forwardRef: () => unknown } | Promise<unknown> | undefined;

/** Every controller and provider class a service's feature modules declare (imports followed). */
const classesOf = (features: readonly ModuleEntry[]): { controllers: Set<Type>; providers: Set<Type> } => {
  const controllers = new Set<Type>();
  const providers = new Set<Type>();
  const seen = new Set<unknown>();
  const addAll = (into: Set<Type>, entries: unknown[] | undefined) => {
    for (const entry of entries ?? []) if (typeof entry === 'function') into.add(entry as Type);
  };
  const visit = (entry: ModuleEntry): void => {
    if (!entry || seen.has(entry) || entry instanceof Promise) return;
    seen.add(entry);
    if (typeof entry === 'function') {
      for (const imported of (Reflect.getMetadata(MODULE_METADATA.IMPORTS, entry) ?? []) as ModuleEntry[])
        visit(imported);
      addAll(controllers, Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, entry) as unknown[]);
      addAll(providers, Reflect.getMetadata(MODULE_METADATA.PROVIDERS, entry) as unknown[]);
      return;
    }
    if ('forwardRef' in entry) {
      visit(entry.forwardRef() as ModuleEntry);
      return;
    }
    visit(entry.module);
    for (const imported of (entry.imports ?? []) as ModuleEntry[]) visit(imported);
    addAll(controllers, entry.controllers);
    addAll(providers, entry.providers as unknown[]);
  };
  for (const feature of features) visit(feature);
  return { controllers, providers };
};

const methodsOf = (type: Type): [string, object][] =>
  Object.getOwnPropertyNames(type.prototype)
    .filter((name) => name !== 'constructor')
    .map((name) => [name, Object.getOwnPropertyDescriptor(type.prototype, name)?.value as unknown])
    .filter((entry): entry is [string, object] => typeof entry[1] === 'function');

/** The rules the global access guard applies: the handler's, else its class's. */
const accessOf = (type: Type, handler: object): AccessRule[] =>
  ((Reflect.getMetadata(ACCESS_METADATA, handler) ?? Reflect.getMetadata(ACCESS_METADATA, type)) as
    AccessRule[] | undefined) ?? [];

const joinPath = (...parts: string[]): string =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every REST route and GraphQL root field of one service, read from its Nest metadata. */
export const operationsOf = (
  service: ServiceName,
  definition: ServiceDefinition<BaseConfig>,
): ServiceOperation[] => {
  const { controllers, providers } = classesOf(definition.features);
  const operations: ServiceOperation[] = [];
  for (const controller of controllers) {
    const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    for (const [, handler] of methodsOf(controller)) {
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const verb = RequestMethod[method];
      for (const prefix of prefixes) {
        for (const own of ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, handler) ?? '')) {
          const path = joinPath(prefix, own);
          operations.push({
            service,
            key: `${verb} ${path}`,
            kind: 'rest',
            verb,
            path,
            access: accessOf(controller, handler),
          });
        }
      }
    }
  }
  for (const provider of providers) {
    for (const [name, handler] of methodsOf(provider)) {
      const verb = Reflect.getMetadata(RESOLVER_TYPE_METADATA, handler) as string | undefined;
      if (verb !== 'Query' && verb !== 'Mutation') continue;
      const field = (Reflect.getMetadata(RESOLVER_NAME_METADATA, handler) as string | undefined) ?? name;
      operations.push({
        service,
        key: `${verb}.${field}`,
        kind: 'graphql',
        verb,
        path: field,
        access: accessOf(provider, handler),
      });
    }
  }
  return operations;
};

/**
 * The operations an admin session can use to change something: REST routes other than GET and
 * GraphQL mutations whose access rules admit an admin identity.
 */
export const isAdminAction = (operation: ServiceOperation): boolean =>
  operation.access.includes('admin') &&
  (operation.kind === 'rest'
    ? !['GET', 'HEAD', 'OPTIONS'].includes(operation.verb)
    : operation.verb === 'Mutation');
