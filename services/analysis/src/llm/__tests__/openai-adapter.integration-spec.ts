import 'reflect-metadata';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CONFIG, createLogger, LOGGER, parseConfig, type Logger } from '@domestique/common';
import { startOpenAiFake, type OpenAiFake } from '@domestique/simulators/openai';
import { CoachResponder } from '../../coach/coach-chat.provider.js';
import type { CoachQuestion } from '../../coach/coach-question.js';
import { analysisEnvSchema } from '../../config/env.schema.js';
import { newForm, SCENARIOS } from '../../engine/__tests__/ride-input.factory.js';
import type { RideAnalysisInput } from '../../engine/ride-analysis-input.js';
import { EngineRideFeedbackProvider } from '../../engine/ride-feedback.provider.js';
import { AiProviderSelector } from '../ai-provider.selector.js';
import { FORM_RULE, unitsRule } from '../llm-prompts.js';
import { AiProvidersModule, createAiProviders } from '../ai-providers.module.js';
import { OpenAiCoachChatProvider, OpenAiRideFeedbackProvider } from '../openai-providers.js';
import { OpenAiJsonClient, type OpenAiClientOptions } from '../openai-json.client.js';

/** The real OpenAI adapter (the `openai` SDK) against the OpenAI-compatible fake. */

const ride: RideAnalysisInput = SCENARIOS['endurance with 8% decoupling']!;
const stravaRide: RideAnalysisInput = { ...ride, ride: { ...ride.ride, source: 'strava' } };
const question: CoachQuestion = {
  context: {
    rider: ride.rider,
    recentRides: [ride.ride, ...ride.recentRides],
    trends: null,
    goals: ride.goals,
  },
  message: 'How can I improve my climbing?',
  history: [{ message: 'Hi', response: 'Hi! What would you like to work on?' }],
  asOf: '2025-06-16T12:00:00Z',
};

interface LogLine {
  level: string;
  msg: string;
  [key: string]: unknown;
}

const capturingLogger = (): { logger: Logger; lines: LogLine[] } => {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: createLogger({ service: 'analysis-test', level: 'debug', destination }), lines };
};

type BodyMessage = { role: string; content: string };
const messagesOf = (fake: OpenAiFake, index: number) => fake.requests[index]!.body!.messages as BodyMessage[];

describe('OpenAI adapter against the OpenAI-compatible fake', () => {
  let fake: OpenAiFake;
  let log: ReturnType<typeof capturingLogger>;

  const clientWith = (options: Partial<OpenAiClientOptions> = {}) =>
    new OpenAiJsonClient(
      {
        apiKey: fake.apiKey,
        baseURL: fake.baseURL,
        model: 'gpt-5-mini',
        timeoutMs: 5000,
        maxRetries: 2,
        ...options,
      },
      log.logger,
    );
  const selectorWith = (client: OpenAiJsonClient, excludeStravaData = true) =>
    new AiProviderSelector(
      { feedback: new EngineRideFeedbackProvider(), chat: new CoachResponder() },
      { feedback: new OpenAiRideFeedbackProvider(client), chat: new OpenAiCoachChatProvider(client) },
      { excludeStravaData },
      log.logger,
    );

  beforeAll(async () => {
    fake = await startOpenAiFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.setMode('success');
    fake.requests.length = 0;
    log = capturingLogger();
  });

  it('success: structured output validated by the schema, from a prompt that carries the facts object', async () => {
    const feedback = await new OpenAiRideFeedbackProvider(clientWith()).analyseRide(ride);
    for (const field of ['summary', 'strengths', 'weaknesses', 'recommendations', 'fullAnalysis'] as const)
      expect(feedback[field]).toContain('"Long Sunday"');
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.body!.model).toBe('gpt-5-mini');
    expect(request.body!.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'ride_feedback',
        strict: true,
        schema: { required: expect.arrayContaining(['fullAnalysis']) },
      },
    });
    const prompt = messagesOf(fake, 0)
      .map((m) => m.content)
      .join('\n');
    expect(prompt).toContain('"distanceMi":59.96');
    expect(prompt).toContain('"aerobicDecouplingPct":8.4');
    expect(prompt).toContain('"label":"long endurance ride"');
    expect(prompt).toContain('"zones":{"z1Pct":20.16,"z1ToZ2Pct":82.95');
    expect(prompt).toContain('"workKj":1410');
    expect(prompt).toContain('"daysLeftDays":78');
    // the facts object, not the raw input
    expect(prompt).not.toMatch(/"(movingTimeS|averageWatts|distanceM|elevationGainM)":/);
    expect(prompt).not.toMatch(/"(watts|heartrate|cadence|time)":\[/);
  });

  it('success: the chat answer is grounded in the rider context and the conversation', async () => {
    const answer = await new OpenAiCoachChatProvider(clientWith()).answer(question);
    expect(answer).toContain('How can I improve my climbing?');
    expect(answer).toContain('"Long Sunday"');
    const messages = messagesOf(fake, 0);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[0]!.content).toContain('"ftpW":270');
    expect(fake.requests[0]!.body!.response_format).toMatchObject({ json_schema: { name: 'coach_answer' } });
  });

  it('malformed output: one repair request, then the built-in engine writes the feedback and it is logged', async () => {
    fake.setMode(['malformed', 'schema-violation']);
    const produced = await selectorWith(clientWith()).analyseRide(ride);
    expect(produced).toMatchObject({ provider: 'engine', fellBack: true });
    expect(produced.feedback.summary).toContain('8.40% aerobic decoupling');
    expect(fake.requests.map((r) => r.mode)).toEqual(['malformed', 'schema-violation']);
    const repair = messagesOf(fake, 1);
    expect(repair.at(-2)).toMatchObject({ role: 'assistant' });
    expect(repair.at(-1)!.content).toMatch(/not valid \(it was not JSON\)/);
    expect(log.lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        'LLM answer invalid; asking once more',
        'LLM ride feedback failed; the built-in coach engine wrote it instead',
      ]),
    );
  });

  it('malformed output repaired by the second answer stays with the LLM', async () => {
    fake.setMode(['schema-violation', 'success']);
    const produced = await selectorWith(clientWith()).analyseRide(ride);
    expect(produced).toMatchObject({ provider: 'openai', fellBack: false });
    expect(messagesOf(fake, 1).at(-1)!.content).toMatch(/not valid \(.*strengths/);
  });

  it('wrong numbers: the wrong ones are sent back once, and the repaired feedback stays with the LLM', async () => {
    fake.setMode(['wrong-numbers', 'success']);
    const produced = await selectorWith(clientWith()).analyseRide(ride);
    expect(produced).toMatchObject({ provider: 'openai', fellBack: false });
    expect(produced.feedback.summary).not.toMatch(/987\.65|4321/);
    expect(fake.requests.map((r) => r.mode)).toEqual(['wrong-numbers', 'success']);
    const repair = messagesOf(fake, 1);
    expect(repair.at(-2)).toMatchObject({ role: 'assistant' });
    expect(repair.at(-2)!.content).toContain('987.65 mi at 4321 W');
    expect(repair.at(-1)!.content).toMatch(/not in the facts.*: 987\.65, 4321/);
  });

  it('metric rider: the prompts state the units and give the facts in km, and a number in miles is refused', async () => {
    const metricRide: RideAnalysisInput = { ...ride, rider: { ...ride.rider, units: 'metric' } };
    fake.setMode(['wrong-numbers', 'success']);
    const produced = await selectorWith(clientWith()).analyseRide(metricRide);
    expect(produced).toMatchObject({ provider: 'openai', fellBack: false });
    const [system, user] = messagesOf(fake, 0);
    expect(system!.content).toContain(unitsRule('metric'));
    expect(user!.content).toMatch(/"distanceKm":\d/);
    expect(user!.content).not.toMatch(/"\w+(?:Mi|Ft|Mph)":/);
    // the fake's "987.65 mi" is in no unit the facts hold
    expect(messagesOf(fake, 1).at(-1)!.content).toMatch(/not in the facts.*: 987\.65, 4321/);

    fake.setMode('success');
    const metricQuestion: CoachQuestion = {
      ...question,
      context: { ...question.context, rider: { ...question.context.rider, units: 'metric' } },
    };
    await selectorWith(clientWith()).answer(metricQuestion);
    const chatSystem = messagesOf(fake, 2)[0]!.content;
    expect(chatSystem).toContain(unitsRule('metric'));
    expect(chatSystem).toMatch(/"distanceKm":\d/);
    expect(chatSystem).not.toMatch(/"\w+(?:Mi|Ft|Mph)":/);
  });

  it('training load: both prompts carry the form and its rule; the engine’s fallback rests an overreached rider', async () => {
    // three hard days leave form -38 (CTL 60, ATL 98)
    const form = newForm({ date: ride.ride.startDate.slice(0, 10), ctl: 60, atl: 98, tsb: -30 });
    fake.setMode(['wrong-numbers', 'wrong-numbers', 'success']);
    const produced = await selectorWith(clientWith()).analyseRide({ ...ride, form });
    expect(produced).toMatchObject({ provider: 'engine', fellBack: true });
    const [system, user] = messagesOf(fake, 0);
    expect(system!.content).toContain(FORM_RULE);
    expect(user!.content).toContain(
      '"form":{"date":"2025-06-15","ctl":60,"atl":98,"tsb":-30,"nextDayTsb":-38',
    );
    expect(user!.content).toContain('"verdict":"rest"');
    expect(produced.feedback.summary).toContain('Your form (TSB) is -38 after three hard days');
    expect(produced.feedback.recommendations).toMatch(/^Rest: take/);

    const answer = await selectorWith(clientWith()).answer({
      ...question,
      message: 'When should I rest?',
      context: { ...question.context, form },
    });
    expect(answer.provider).toBe('openai');
    const chatSystem = messagesOf(fake, 2)[0]!.content;
    expect(chatSystem).toContain(FORM_RULE);
    expect(chatSystem).toContain('"nextDayTsb":-38');
  });

  it('wrong numbers twice: the built-in engine writes the feedback, and it is logged', async () => {
    fake.setMode(['wrong-numbers', 'wrong-numbers']);
    const produced = await selectorWith(clientWith()).analyseRide(ride);
    expect(produced).toMatchObject({ provider: 'engine', fellBack: true });
    expect(produced.feedback.summary).toContain('8.40% aerobic decoupling');
    expect(fake.requests).toHaveLength(2);
    const failure = log.lines.find((l) => l.msg.startsWith('LLM ride feedback failed'));
    expect(failure?.err).toMatchObject({ message: expect.stringMatching(/not in the facts: .*987\.65/) });
  });

  it('timeout: the request is abandoned at the timeout, retried, then the engine answers', async () => {
    fake.setMode('timeout');
    const started = Date.now();
    const produced = await selectorWith(clientWith({ timeoutMs: 300, maxRetries: 1 })).analyseRide(ride);
    expect(produced).toMatchObject({ provider: 'engine', fellBack: true });
    expect(fake.requests.map((r) => r.mode)).toEqual(['timeout', 'timeout']);
    expect(Date.now() - started).toBeLessThan(5000);
    const failure = log.lines.find((l) => l.msg.startsWith('LLM ride feedback failed'));
    // APIConnectionTimeoutError in node; jest's VM realm hides the abort reason, so the SDK reports a connection error
    expect(failure?.err).toMatchObject({ type: expect.stringMatching(/^APIConnection(Timeout)?Error$/) });
  });

  it('429: retried after retry-after, then answered by the LLM', async () => {
    fake.setMode(['429', 'success']);
    const produced = await selectorWith(clientWith()).analyseRide(ride);
    expect(produced).toMatchObject({ provider: 'openai', fellBack: false });
    expect(fake.requests.map((r) => r.mode)).toEqual(['429', 'success']);
  });

  it('429 past the retry budget: the engine answers', async () => {
    fake.setMode('429');
    const produced = await selectorWith(clientWith({ maxRetries: 1 })).answer(question);
    expect(produced).toMatchObject({ provider: 'engine', fellBack: true });
    expect(produced.response).toMatch(/climb/i);
    expect(fake.requests).toHaveLength(2);
  });

  it('500: retried with backoff; a persistent 500 falls back to the engine', async () => {
    fake.setMode(['500', 'success']);
    expect(await selectorWith(clientWith()).analyseRide(ride)).toMatchObject({ provider: 'openai' });
    expect(fake.requests.map((r) => r.mode)).toEqual(['500', 'success']);
    fake.requests.length = 0;
    fake.setMode('500');
    expect(await selectorWith(clientWith({ maxRetries: 2 })).analyseRide(ride)).toMatchObject({
      provider: 'engine',
      fellBack: true,
    });
    expect(fake.requests).toHaveLength(3);
  });

  it('no schema support: steps down to JSON mode with the schema in the prompt, and stays there', async () => {
    fake.setMode('no-schema-support');
    const client = clientWith();
    const feedback = await new OpenAiRideFeedbackProvider(client).analyseRide(ride);
    expect(feedback.summary).toContain('"Long Sunday"');
    expect(client.mode).toBe('json_object');
    expect(fake.requests.map((r) => r.body!.response_format?.type)).toEqual(['json_schema', 'json_object']);
    expect(messagesOf(fake, 1)[0]!.content).toMatch(/JSON Schema:\n```json\n\{.*"fullAnalysis"/);
    await new OpenAiCoachChatProvider(client).answer(question);
    expect(fake.requests.at(-1)!.body!.response_format?.type).toBe('json_object');
    expect(fake.requests).toHaveLength(3);
  });

  it('keeps Strava-sourced rides away from the LLM unless the switch allows it', async () => {
    const guarded = selectorWith(clientWith());
    expect(await guarded.analyseRide(stravaRide)).toMatchObject({ provider: 'engine', fellBack: false });
    const stravaQuestion = { ...question, context: { ...question.context, recentRides: [stravaRide.ride] } };
    expect(await guarded.answer(stravaQuestion)).toMatchObject({ provider: 'engine', fellBack: false });
    expect(fake.requests).toHaveLength(0);
    expect(await guarded.analyseRide(ride)).toMatchObject({ provider: 'openai' });
    const open = selectorWith(clientWith(), false);
    expect(await open.analyseRide(stravaRide)).toMatchObject({ provider: 'openai' });
    expect(fake.requests).toHaveLength(2);
  });

  it('is configured from the environment: the engine without a key, the LLM with one', async () => {
    const base = {
      DATABASE_URL: 'postgres://localhost/x',
      REDIS_URL: 'redis://localhost:6379',
      INTERNAL_JWT_SECRET: 'x'.repeat(32),
    };
    const defaults = parseConfig('analysis', analysisEnvSchema, { ...base, OPENAI_API_KEY: '' });
    expect(defaults).toMatchObject({
      OPENAI_MODEL: 'gpt-5-mini',
      OPENAI_TIMEOUT_MS: 45_000,
      OPENAI_MAX_RETRIES: 2,
      LLM_EXCLUDE_STRAVA_DATA: true,
    });
    expect(defaults.OPENAI_API_KEY).toBeUndefined();
    const engineOnly = createAiProviders(defaults, log.logger);
    expect(await engineOnly.analyseRide(ride)).toMatchObject({ provider: 'engine', fellBack: false });
    expect(fake.requests).toHaveLength(0);

    const withKey = parseConfig('analysis', analysisEnvSchema, {
      ...base,
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MODEL: 'gpt-4.1-mini',
      LLM_EXCLUDE_STRAVA_DATA: 'false',
    });
    const llm = createAiProviders(withKey, log.logger);
    expect(await llm.analyseRide(stravaRide)).toMatchObject({ provider: 'openai' });
    expect(fake.requests[0]!.body!.model).toBe('gpt-4.1-mini');
    expect(() => parseConfig('analysis', analysisEnvSchema, { ...base, OPENAI_BASE_URL: 'ftp://x' })).toThrow(
      /OPENAI_BASE_URL/,
    );
  });

  it('is available through dependency injection', async () => {
    const config = parseConfig('analysis', analysisEnvSchema, {
      DATABASE_URL: 'postgres://localhost/x',
      REDIS_URL: 'redis://localhost:6379',
      INTERNAL_JWT_SECRET: 'x'.repeat(32),
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
    });
    @Global()
    @Module({
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: LOGGER, useValue: log.logger },
      ],
      exports: [CONFIG, LOGGER],
    })
    class CoreModule {}
    @Module({ imports: [CoreModule, AiProvidersModule] })
    class RootModule {}
    const app = await NestFactory.createApplicationContext(RootModule, { logger: false });
    try {
      const selector = app.get(AiProviderSelector);
      expect(await selector.answer(question)).toMatchObject({ provider: 'openai' });
    } finally {
      await app.close();
    }
  });
});
