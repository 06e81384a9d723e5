import { z } from 'zod';
import { DEFAULT_FAKE_API_KEY, OPENAI_FAKE_MODES, startOpenAiFake } from './openai-fake.js';

/**
 * `node infra/simulators/dist/openai/main.js`: the OpenAI-compatible fake as its own process
 * (see infra/simulators/.env.example). Point the analysis service at it with
 * OPENAI_BASE_URL=http://127.0.0.1:4303/v1 and OPENAI_API_KEY=sk-fake-domestique; change its
 * behaviour with POST /_sim/mode {"mode": "429"}.
 */
const env = z
  .object({
    OPENAI_FAKE_HOST: z.string().default('127.0.0.1'),
    OPENAI_FAKE_PORT: z.coerce.number().int().min(0).max(65535).default(4303),
    OPENAI_FAKE_API_KEY: z.string().min(1).default(DEFAULT_FAKE_API_KEY),
    OPENAI_FAKE_MODE: z.enum(OPENAI_FAKE_MODES).default('success'),
    OPENAI_FAKE_SLOW_MS: z.coerce.number().int().min(0).default(1500),
  })
  .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));

if (!env.success) {
  process.stderr.write(
    `Invalid configuration for the OpenAI fake:\n${env.error.issues
      .map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`)
      .join('\n')}\n`,
  );
  process.exit(1);
}

const config = env.data;
const fake = await startOpenAiFake({
  host: config.OPENAI_FAKE_HOST,
  port: config.OPENAI_FAKE_PORT,
  apiKey: config.OPENAI_FAKE_API_KEY,
  mode: config.OPENAI_FAKE_MODE,
  slowMs: config.OPENAI_FAKE_SLOW_MS,
});
process.stdout.write(
  `${JSON.stringify({ level: 'info', msg: `OpenAI fake listening on ${fake.baseURL}`, mode: fake.mode })}\n`,
);

const stop = () => {
  fake.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
