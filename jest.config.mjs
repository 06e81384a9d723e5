// One jest run, three projects: unit (pure logic, services with fakes), web (jsdom), integration
// (real PostgreSQL + Redis, a fresh database per run). NestJS 12 is ESM-only, so everything runs
// as native ESM (node --experimental-vm-modules) through @swc/jest.
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        ...(tsx ? { react: { runtime: 'automatic' } } : {}),
      },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const moduleNameMapper = {
  '^@domestique/proto$': '<rootDir>/proto/src/index.ts',
  '^@domestique/proto/messages$': '<rootDir>/proto/src/messages.ts',
  '^@domestique/proto/forms$': '<rootDir>/proto/src/forms.ts',
  '^@domestique/common$': '<rootDir>/services/common/src/index.ts',
  '^@domestique/common/testing$': '<rootDir>/services/common/src/testing/index.ts',
  '^@domestique/(rides|analysis)/coach-kit$': '<rootDir>/services/$1/src/coach-kit.ts',
  '^@domestique/simulators/strava-model$': '<rootDir>/infra/simulators/src/strava/model.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

const node = {
  rootDir: '.',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc(false) },
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

export default {
  projects: [
    {
      ...node,
      displayName: 'unit',
      testMatch: ['<rootDir>/{proto,services,gateway,infra}/**/*.spec.ts'],
    },
    {
      ...node,
      displayName: 'web',
      testMatch: ['<rootDir>/web/src/**/*.spec.{ts,tsx}'],
      testEnvironment: 'jsdom',
      testEnvironmentOptions: { customExportConditions: ['browser', 'umd'] },
      transform: { '^.+\\.tsx?$': swc(true) },
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
      setupFilesAfterEnv: ['<rootDir>/web/src/test/setup.ts'],
    },
    {
      ...node,
      displayName: 'integration',
      testMatch: ['<rootDir>/{services,gateway,infra}/**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/infra/dev/jest/integration-setup.mjs',
      globalTeardown: '<rootDir>/infra/dev/jest/integration-teardown.mjs',
      slowTestThreshold: 30,
    },
  ],
};
