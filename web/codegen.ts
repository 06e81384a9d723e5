// GraphQL Code Generator (client preset): types every operation the web sends from the gateway's
// public API schema. `npm run codegen` (root) regenerates the schema and src/gql/; `npm test` fails
// when either is stale. The environment overrides are for that check (it generates into a temp dir).
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: process.env.CODEGEN_SCHEMA ?? '../gateway/schema/public-api.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**', '!src/**/*.spec.{ts,tsx}', '!src/test/**'],
  ignoreNoDocuments: false,
  generates: {
    [process.env.CODEGEN_OUT ?? './src/gql/']: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        onlyOperationTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
        scalars: { ID: 'string' },
      },
    },
  },
};

export default config;
