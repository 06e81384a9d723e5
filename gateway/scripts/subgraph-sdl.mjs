// Prints one service's subgraph SDL (Federation 2), as its code-first GraphQL module builds it at
// start-up, without starting it: the resolvers of the service's feature modules go through NestJS's
// schema factory. Runs under ts-hooks.mjs (the service's TypeScript sources, no build). One service
// per process: NestJS keeps its type metadata in a global store.
//   node --import ./gateway/scripts/register-ts.mjs gateway/scripts/subgraph-sdl.mjs rides
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory } from '@nestjs/graphql';
import { TypeDefsFederation2Decorator } from '@nestjs/graphql/dist/federation/type-defs-federation2.decorator.js';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { lexicographicSortSchema, specifiedDirectives } from 'graphql';

const service = process.argv[2];
const definitionModule = await import(
  new URL(`../../services/${service}/src/service.ts`, import.meta.url).href
);
const definition = Object.values(definitionModule).find((value) => value?.name === service && value.features);
if (!definition) throw new Error(`services/${service}/src/service.ts exports no service definition`);

/** Every class a module tree provides (a module class or a dynamic module), like Nest's explorer. */
const providersOf = (module, seen = new Set()) => {
  if (!module || seen.has(module)) return [];
  seen.add(module);
  const target = module.module ?? module;
  const imports = [...(Reflect.getMetadata('imports', target) ?? []), ...(module.imports ?? [])];
  const providers = [...(Reflect.getMetadata('providers', target) ?? []), ...(module.providers ?? [])];
  return [
    ...providers
      .map((provider) => provider?.useClass ?? provider)
      .filter((provider) => typeof provider === 'function'),
    ...imports.flatMap((imported) => providersOf(imported, seen)),
  ];
};
// like NestJS's resolver explorer: every provider; the schema factory reads the resolvers among them
const providers = [...new Set(definition.features.flatMap((feature) => providersOf(feature)))];

const app = await NestFactory.createApplicationContext(GraphQLSchemaBuilderModule, { logger: false });
const schema = await app.get(GraphQLSchemaFactory).create(providers, {
  directives: [...specifiedDirectives],
  skipCheck: true,
});
await app.close();
process.stdout.write(
  new TypeDefsFederation2Decorator().decorate(printSchemaWithDirectives(lexicographicSortSchema(schema)), {
    version: 2,
  }),
);
