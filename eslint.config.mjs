// ESLint for the whole monorepo: typescript-eslint with the typed rules the house style asks for.
import js from '@eslint/js';
import globals from 'globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// Module boundaries (docs/conventions.md, "Boundaries"). Every workspace's package.json carries Nx
// tags (`"nx": { "tags": ["type:service", "scope:rides"] }`); the type decides which projects it may
// import, and only by package name. Built on ESLint's own no-restricted-imports (there is no
// @nx/eslint-plugin for this Nx), so the rules below are generated per project folder and per folder
// depth: a relative import that climbs out of its project is caught exactly.
//
// no-restricted-imports is configured here ONLY: flat config replaces a rule's options rather than
// merging them, so a restriction of your own goes into RESTRICTED_IMPORTS, which every generated
// block carries.
const RESTRICTED_IMPORTS = { paths: [], patterns: [] };

const readJson = (path) => JSON.parse(readFileSync(join(import.meta.dirname, path), 'utf8'));
const PROJECTS = readJson('package.json').workspaces.map((dir) => {
  const pkg = readJson(`${dir}/package.json`);
  const type = (pkg.nx?.tags ?? []).find((tag) => tag.startsWith('type:'))?.slice('type:'.length);
  if (!type) throw new Error(`${dir}/package.json: "nx": { "tags": [...] } needs a type:* tag`);
  return { dir, name: pkg.name, type };
});

/** Which project types each type may import (by package name, through its "exports"). */
const MAY_IMPORT = {
  shared: ['shared'],
  service: ['shared'],
  gateway: ['shared'],
  web: ['shared'],
  infra: ['shared', 'service', 'gateway', 'web', 'infra'],
};
/** The browser bundle takes contracts only: @domestique/common is server code. */
const WEB_MAY_IMPORT = new Set(['@domestique/proto']);
/**
 * Tests and benchmarks (TOOLING_MAY_IMPORT below): a service's may start other services and the
 * gateway through their published entry points (`@domestique/auth/testing`, `@domestique/gateway/app`),
 * never a package's root; any may use the simulators' entry points and reach the dev tooling under
 * infra/ by a relative path.
 */
const TOOLING = [
  '**/test/**',
  '**/__tests__/**',
  '**/*.spec.*',
  '**/*.integration-spec.*',
  '**/e2e/**',
  '**/bench/**',
];
const SOURCE = '*.{ts,tsx,mts,cts,js,mjs,cjs}';
/** Folders below a project root the rules cover (the deepest source file today is 5 down). */
const MAX_DEPTH = 12;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const packagePattern = (target, source, entryPointsAllowed) => ({
  regex: entryPointsAllowed ? `^${escape(target.name)}$` : `^${escape(target.name)}(/.*)?$`,
  message:
    source.type === 'web'
      ? `web may import @domestique/proto only: ${target.name} is ${target.type} code (see docs/conventions.md, Boundaries).`
      : entryPointsAllowed
        ? `${source.name} (type:${source.type}) may use ${target.name} in tests only through a published entry point such as ${target.name}/testing.`
        : `${source.name} (type:${source.type}) must not import ${target.name} (type:${target.type}); see docs/conventions.md, Boundaries.`,
});
/** In tests and benchmarks, which project types may be imported through their entry points. */
const TOOLING_MAY_IMPORT = {
  shared: ['infra'],
  service: ['service', 'gateway', 'infra'],
  gateway: ['service', 'infra'],
  web: ['infra'],
  infra: [],
};
const forbiddenPackages = (source, tooling) =>
  PROJECTS.filter((target) => target !== source)
    .filter((target) =>
      source.type === 'web'
        ? !WEB_MAY_IMPORT.has(target.name)
        : !MAY_IMPORT[source.type].includes(target.type),
    )
    .map((target) =>
      packagePattern(target, source, tooling && TOOLING_MAY_IMPORT[source.type].includes(target.type)),
    );
/**
 * A relative import from `depth` folders below the project's root that climbs out of it. Where
 * `infraReachable`, it may land in infra/ (a sibling, for projects under infra/).
 */
const escapingPattern = (source, depth, infraReachable) => {
  const up = (times) => `(\\.\\./){${times}}`;
  const toRoot = depth + source.dir.split('/').length;
  const allowed = [`${up(toRoot)}infra/`];
  if (source.dir.startsWith('infra/')) allowed.push(`${up(depth + 1)}(?!\\.\\./)`);
  return {
    regex: `^(\\./)?${infraReachable ? `(?!${allowed.join('|')})` : ''}${up(depth + 1)}`,
    message: infraReachable
      ? `A relative import may leave ${source.dir}/ only to reach infra/ tooling: import other projects by package name and entry point (@domestique/...).`
      : `A relative import must not leave ${source.dir}/: import other projects by package name (@domestique/...) as docs/conventions.md, Boundaries allows.`,
  };
};
const restrictedImports = (patterns) => [
  'error',
  { paths: RESTRICTED_IMPORTS.paths, patterns: [...RESTRICTED_IMPORTS.patterns, ...patterns] },
];
const boundaries = PROJECTS.flatMap((source) =>
  Array.from({ length: MAX_DEPTH }, (_, depth) => {
    const files = `${source.dir}/${'*/'.repeat(depth)}${SOURCE}`;
    const infra = source.type === 'infra';
    return [
      {
        files: [files],
        rules: {
          'no-restricted-imports': restrictedImports([
            ...forbiddenPackages(source, false),
            escapingPattern(source, depth, infra),
          ]),
        },
      },
      {
        files: TOOLING.map((tooling) => [files, tooling]),
        rules: {
          'no-restricted-imports': restrictedImports([
            ...forbiddenPackages(source, true),
            escapingPattern(source, depth, true),
          ]),
        },
      },
    ];
  }).flat(),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.nx/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'web/e2e/artifacts/**',
      '**/migrations/*.ts',
      'web/src/gql/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['web/vite.config.ts', 'web/codegen.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: [
      '**/__tests__/**',
      '**/*.spec.ts',
      '**/*.spec.tsx',
      '**/*.integration-spec.ts',
      '**/e2e/**',
      'infra/dev/test/**',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  ...boundaries,
);
