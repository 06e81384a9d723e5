import { beforeAll, describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../env.mjs';

/**
 * The module boundaries of eslint.config.mjs (docs/conventions.md, "Boundaries"), through ESLint's
 * own API on the repository's config: each snippet is linted as if it were a file at that path.
 */

interface PackageJson {
  workspaces?: string[];
  nx?: { tags?: string[] };
}

let eslint: ESLint;

/** The boundary errors (no-restricted-imports) ESLint reports for `code` placed at `filePath`. */
const boundaryErrors = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages.map((message) => message.message);
};

beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    // only the boundary rule, so the snippets need no type information (they are not on disk)
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
    overrideConfig: {
      files: ['**/*.{ts,tsx,mts}'],
      languageOptions: { parserOptions: { projectService: false, project: null } },
    },
  });
});

const ADMIN_SOURCE = 'services/admin/src/users/boundary-probe.ts';
const ADMIN_TEST = 'services/admin/src/test/integration/boundary-probe.ts';
const WEB_SOURCE = 'web/src/features/rides/boundary-probe.tsx';
const PROTO_SOURCE = 'proto/src/dto/boundary-probe.ts';
const COMMON_SOURCE = 'services/common/src/boundary-probe.ts';
const GATEWAY_SOURCE = 'gateway/src/proxy/boundary-probe.ts';
const BENCH_SOURCE = 'infra/dev/bench/boundary-probe.mjs';

describe('module boundaries in npm run lint', () => {
  it.each([
    [
      'a service importing another service by package name',
      ADMIN_SOURCE,
      "import { x } from '@domestique/rides';",
    ],
    ['… or by one of its entry points', ADMIN_SOURCE, "import { x } from '@domestique/rides/coach-kit';"],
    [
      '… or by a relative path into its src',
      ADMIN_SOURCE,
      "import { x } from '../../../rides/src/service.js';",
    ],
    ['… or through services/', ADMIN_SOURCE, "import { x } from '../../../../services/auth/src/service.js';"],
    ['a service importing the gateway', ADMIN_SOURCE, "import { x } from '@domestique/gateway/app';"],
    ['a service importing dev tooling', ADMIN_SOURCE, "import { x } from '../../../../infra/dev/stack.mjs';"],
    ['a service test using another package’s root', ADMIN_TEST, "import { x } from '@domestique/auth';"],
    [
      'a service test reaching into another service’s src',
      ADMIN_TEST,
      "import { x } from '../../../../auth/src/service.js';",
    ],
    ['web importing a service', WEB_SOURCE, "import type { X } from '@domestique/rides/coach-kit';"],
    ['web importing server code of common', WEB_SOURCE, "import { x } from '@domestique/common';"],
    [
      'web importing the gateway by a relative path',
      WEB_SOURCE,
      "import { x } from '../../../../gateway/src/app.js';",
    ],
    [
      'web importing a service by a relative path',
      WEB_SOURCE,
      "import { x } from '../../../../services/rides/src/service.js';",
    ],
    ['proto importing a service', PROTO_SOURCE, "import { x } from '@domestique/auth';"],
    ['proto importing web', PROTO_SOURCE, "import { x } from '@domestique/web';"],
    ['common importing the gateway', COMMON_SOURCE, "import { x } from '@domestique/gateway/app';"],
    [
      'common importing a service by a relative path',
      COMMON_SOURCE,
      "import { x } from '../../rides/src/service.js';",
    ],
    ['the gateway importing a service', GATEWAY_SOURCE, "import { x } from '@domestique/billing';"],
    [
      'the gateway importing a service by a relative path',
      GATEWAY_SOURCE,
      "import { x } from '../../../services/billing/src/service.js';",
    ],
    [
      'a benchmark reaching into a service’s files',
      BENCH_SOURCE,
      "import { x } from '../../../services/rides/dist/metrics/series.js';",
    ],
    [
      'a benchmark reaching into the gateway’s files',
      BENCH_SOURCE,
      "import { x } from '../../../gateway/dist/app.js';",
    ],
  ])('refuses %s', async (_what, filePath, code) => {
    const errors = await boundaryErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /must not|may import @domestique\/proto only|only through a published entry point|relative import/,
    );
  });

  it.each([
    [
      'a service importing the shared packages',
      ADMIN_SOURCE,
      "import { x } from '@domestique/common';\nimport { y } from '@domestique/proto';",
    ],
    [
      'a service importing its own files',
      ADMIN_SOURCE,
      "import { x } from '../service.js';\nimport { y } from './admin-users.service.js';",
    ],
    [
      'a service test starting another service through its entry point',
      ADMIN_TEST,
      "import { x } from '@domestique/auth/testing';\nimport { y } from '@domestique/gateway/app';",
    ],
    [
      'a service test using dev tooling and the simulators',
      ADMIN_TEST,
      "import { x } from '../../../../../infra/dev/stack.mjs';\nimport { y } from '@domestique/simulators/openai';",
    ],
    [
      'web importing the contracts and its own features',
      WEB_SOURCE,
      "import { x } from '@domestique/proto';\nimport { y } from '../../auth/error-message';",
    ],
    ['proto importing its own files', PROTO_SOURCE, "import { x } from '../errors.js';"],
    [
      'the gateway importing the shared packages',
      GATEWAY_SOURCE,
      "import { x } from '@domestique/common';\nimport { y } from '../app.js';",
    ],
    [
      'a benchmark using services’ entry points and infra siblings',
      BENCH_SOURCE,
      "import { x } from '@domestique/rides/metrics/series';\nimport { y } from '../../simulators/dist/strava/athletes.js';\nimport { z } from '../stack.mjs';",
    ],
  ])('allows %s', async (_what, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });

  it('every workspace carries one type tag, and each service its scope', () => {
    const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as PackageJson;
    const tags = Object.fromEntries(
      readJson('package.json').workspaces!.map((dir) => [
        dir,
        readJson(`${dir}/package.json`).nx?.tags ?? [],
      ]),
    );
    for (const [dir, own] of Object.entries(tags)) {
      const types = own.filter((tag) => tag.startsWith('type:'));
      expect([dir, types.length]).toEqual([dir, 1]);
      expect(['type:shared', 'type:service', 'type:gateway', 'type:web', 'type:infra']).toContain(types[0]);
      if (types[0] === 'type:service') expect(own).toContain(`scope:${dir.split('/').pop()}`);
    }
    expect(tags['proto']).toEqual(['type:shared']);
    expect(tags['services/common']).toEqual(['type:shared']);
    expect(tags['web']).toEqual(['type:web']);
    expect(tags['gateway']).toEqual(['type:gateway']);
  });
});
