import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DEFAULT_FAKE_API_KEY, startOpenAiFake, type OpenAiFake } from '../openai-fake.js';

const SCHEMA = {
  type: 'object',
  properties: { summary: { type: 'string' }, strengths: { type: 'string' } },
  required: ['summary', 'strengths'],
  additionalProperties: false,
};
const FACTS = { ride: { name: 'Saturday Loop', distanceMi: 38.53, movingTime: '2h 10m' } };

describe('the OpenAI-compatible fake', () => {
  let fake: OpenAiFake;
  const post = (body: unknown, key = DEFAULT_FAKE_API_KEY) =>
    fetch(`${fake.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  const completion = (extra: Record<string, unknown> = {}) => ({
    model: 'gpt-5-mini',
    messages: [
      { role: 'system', content: 'You are a coach.' },
      {
        role: 'user',
        content: `Analyse this ride. Facts (JSON):\n\`\`\`json\n${JSON.stringify(FACTS)}\n\`\`\``,
      },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'ride_feedback', strict: true, schema: SCHEMA },
    },
    ...extra,
  });

  beforeAll(async () => {
    fake = await startOpenAiFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.setMode('success');
    fake.requests.length = 0;
  });

  it('answers a chat completion like OpenAI, with a schema-valid answer built from the prompt facts', async () => {
    const answer = await post(completion());
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      object: string;
      model: string;
      choices: { message: { role: string; content: string }; finish_reason: string }[];
      usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    };
    expect(body.object).toBe('chat.completion');
    expect(body.model).toBe('gpt-5-mini');
    expect(body.choices[0]!.finish_reason).toBe('stop');
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
    const content = JSON.parse(body.choices[0]!.message.content) as Record<string, string>;
    expect(Object.keys(content).sort()).toEqual(['strengths', 'summary']);
    expect(content.summary).toContain('"Saturday Loop"');
    expect(content.summary).toContain('38.53');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.authorization).toBe(`Bearer ${DEFAULT_FAKE_API_KEY}`);
  });

  it('rejects a missing or wrong API key with 401 and an OpenAI error body', async () => {
    const answer = await post(completion(), 'sk-wrong');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({
      error: expect.objectContaining({ type: 'invalid_request_error', code: 'invalid_api_key' }),
    });
  });

  it('lists models', async () => {
    const answer = await fetch(`${fake.baseURL}/models`, {
      headers: { authorization: `Bearer ${fake.apiKey}` },
    });
    const body = (await answer.json()) as { object: string; data: { id: string; object: string }[] };
    expect(body.object).toBe('list');
    expect(body.data.map((m) => m.id)).toContain('gpt-5-mini');
  });

  it('validates the request: a model and messages are required, json_object needs the word JSON', async () => {
    expect((await post({ messages: [{ role: 'user', content: 'hi' }] })).status).toBe(400);
    expect((await post({ model: 'gpt-5-mini', messages: [] })).status).toBe(400);
    const noJson = await post({
      model: 'gpt-5-mini',
      messages: [{ role: 'user', content: 'hi' }],
      response_format: { type: 'json_object' },
    });
    expect(noJson.status).toBe(400);
    expect(((await noJson.json()) as { error: { message: string } }).error.message).toMatch(
      /must contain the word 'json'/,
    );
  });

  it('malformed: answers content that is not JSON; schema-violation: JSON missing the fields', async () => {
    fake.setMode(['malformed', 'schema-violation']);
    const bad = (await (await post(completion())).json()) as { choices: { message: { content: string } }[] };
    expect(() => JSON.parse(bad.choices[0]!.message.content) as unknown).toThrow();
    const wrong = (await (await post(completion())).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(JSON.parse(wrong.choices[0]!.message.content)).not.toHaveProperty('strengths');
    expect(fake.mode).toBe('schema-violation');
  });

  it('wrong-numbers: a schema-valid answer that states numbers the facts do not hold, then success', async () => {
    fake.setMode(['wrong-numbers', 'success']);
    const contentOf = async () =>
      JSON.parse(
        ((await (await post(completion())).json()) as { choices: { message: { content: string } }[] })
          .choices[0]!.message.content,
      ) as Record<string, string>;
    const invented = await contentOf();
    expect(Object.keys(invented).sort()).toEqual(['strengths', 'summary']);
    expect(invented.summary).toMatch(/987\.65 mi at 4321 W/);
    expect((await contentOf()).summary).not.toMatch(/987\.65|4321/);
    expect(fake.requests.map((r) => r.mode)).toEqual(['wrong-numbers', 'success']);
  });

  it('429: rate limited with retry-after; 500: a server error', async () => {
    fake.setMode(['429', '500', 'success']);
    const limited = await post(completion());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    const broken = await post(completion());
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as { error: { type: string } }).error.type).toBe('server_error');
    expect((await post(completion())).status).toBe(200);
    expect(fake.requests.map((r) => r.mode)).toEqual(['429', '500', 'success']);
  });

  it('no-schema-support: rejects json_schema with a 400 but answers JSON mode from the schema in the prompt', async () => {
    fake.setMode('no-schema-support');
    const rejected = await post(completion());
    expect(rejected.status).toBe(400);
    expect(((await rejected.json()) as { error: { param: string } }).error.param).toBe('response_format');
    const jsonMode = await post(
      completion({
        response_format: { type: 'json_object' },
        messages: [
          {
            role: 'system',
            content: `Reply with JSON matching:\n\`\`\`json\n${JSON.stringify(SCHEMA)}\n\`\`\``,
          },
          { role: 'user', content: `Facts:\n\`\`\`json\n${JSON.stringify(FACTS)}\n\`\`\`` },
        ],
      }),
    );
    expect(jsonMode.status).toBe(200);
    const body = (await jsonMode.json()) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(body.choices[0]!.message.content)).toEqual({
      summary: expect.stringContaining('Saturday Loop'),
      strengths: expect.any(String),
    });
  });

  it('timeout: never answers until the client gives up', async () => {
    fake.setMode('timeout');
    await expect(
      fetch(`${fake.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fake.apiKey}` },
        body: JSON.stringify(completion()),
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(fake.requests.at(-1)!.mode).toBe('timeout');
  });

  it('slow: answers after a delay', async () => {
    const slow = await startOpenAiFake({ mode: 'slow', slowMs: 250 });
    try {
      const started = Date.now();
      const answer = await fetch(`${slow.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${slow.apiKey}` },
        body: JSON.stringify(completion()),
      });
      expect(answer.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    } finally {
      await slow.close();
    }
  });

  it('changes mode over HTTP for a fake running as its own process', async () => {
    const set = await fetch(`${fake.url}/_sim/mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: '500' }),
    });
    expect(await set.json()).toEqual({ mode: '500' });
    expect((await post(completion())).status).toBe(500);
    const unknown = await fetch(`${fake.url}/_sim/mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'chaos' }),
    });
    expect(unknown.status).toBe(400);
  });
});
