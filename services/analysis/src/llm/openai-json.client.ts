import { timeProviderCall, type Logger } from '@domestique/common';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';

export interface OpenAiClientOptions {
  apiKey: string;
  /** an OpenAI-compatible /v1 URL; undefined: api.openai.com */
  baseURL?: string;
  model: string;
  /** per request */
  timeoutMs: number;
  /** SDK retries of 408/409/429/5xx answers, connection errors and timeouts, with backoff */
  maxRetries: number;
}

/** The model answered, but never with JSON matching the schema (after one repair attempt). */
export class LlmOutputError extends Error {
  constructor(
    message: string,
    readonly content: string,
  ) {
    super(message);
    this.name = 'LlmOutputError';
  }
}

/**
 * How the answer's shape is asked for. Servers without structured outputs get JSON mode with the
 * schema in the prompt; servers without JSON mode get the prompt alone. The client steps down once
 * per process when a server rejects a format, and stays there.
 */
export type StructuredOutputMode = 'json_schema' | 'json_object' | 'prompt';

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** A 400/422 about the response format: the server does not support that structured-output mode. */
const rejectsFormat = (error: unknown): boolean =>
  error instanceof OpenAI.APIError &&
  (error.status === 400 || error.status === 422) &&
  /response_format|json_schema|json_object|structured|schema/i.test(
    `${error.message} ${(error.error as { param?: string } | undefined)?.param ?? ''}`,
  );

/** The first JSON object in a reply, tolerating code fences or prose around it (JSON mode on small servers). */
const extractJson = (content: string): unknown => {
  const trimmed = content.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/.exec(trimmed)?.[1];
    const candidate = fenced ?? trimmed.slice(trimmed.indexOf('{'), trimmed.lastIndexOf('}') + 1);
    return JSON.parse(candidate);
  }
};

const issuesOf = (error: z.ZodError): string =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');

/**
 * The only code that speaks to the OpenAI(-compatible) API: chat completions whose answer is JSON
 * validated by a zod schema, with structured outputs, a timeout, bounded retries and one repair
 * round trip when the model's JSON does not validate.
 */
export class OpenAiJsonClient {
  private readonly client: OpenAI;
  private formatMode: StructuredOutputMode = 'json_schema';

  constructor(
    private readonly options: OpenAiClientOptions,
    private readonly logger: Logger,
  ) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL ?? DEFAULT_BASE_URL,
      organization: null,
      project: null,
      webhookSecret: null,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
      logger: logger.child({ context: 'openai' }),
      logLevel: 'warn',
    });
  }

  get model(): string {
    return this.options.model;
  }

  /** The structured-output mode the next request uses. */
  get mode(): StructuredOutputMode {
    return this.formatMode;
  }

  /**
   * Asks for a JSON answer matching `schema`. Throws the SDK's errors once its retries are spent,
   * and LlmOutputError when the answer still does not validate after one repair attempt.
   */
  async complete<T>(schema: z.ZodType<T>, name: string, messages: ChatCompletionMessageParam[]): Promise<T> {
    let content = await this.request(schema, name, messages);
    let problem = this.validate(schema, content);
    if (problem.ok) return problem.value;
    this.logger.warn(
      { context: 'openai', schema: name, problem: problem.reason },
      'LLM answer invalid; asking once more',
    );
    const repair: ChatCompletionMessageParam[] = [
      ...messages,
      { role: 'assistant', content },
      {
        role: 'user',
        content: `That reply was not valid (${problem.reason}). Reply again with only the JSON object, matching the schema exactly.`,
      },
    ];
    content = await this.request(schema, name, repair);
    problem = this.validate(schema, content);
    if (problem.ok) return problem.value;
    throw new LlmOutputError(`The LLM's answer did not match the ${name} schema: ${problem.reason}`, content);
  }

  private validate<T>(
    schema: z.ZodType<T>,
    content: string,
  ): { ok: true; value: T } | { ok: false; reason: string } {
    let json: unknown;
    try {
      json = extractJson(content);
    } catch {
      return { ok: false, reason: 'it was not JSON' };
    }
    const parsed = schema.safeParse(json);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: issuesOf(parsed.error) };
  }

  private async request<T>(
    schema: z.ZodType<T>,
    name: string,
    messages: ChatCompletionMessageParam[],
  ): Promise<string> {
    for (;;) {
      const mode = this.formatMode;
      try {
        // provider_call_duration_seconds{provider="openai",operation=<schema name>} (the SDK's retries included)
        const completion = await timeProviderCall('openai', name, () =>
          this.client.chat.completions.create({
            model: this.options.model,
            messages: mode === 'json_schema' ? messages : withSchemaInstructions(messages, schema),
            ...(mode === 'json_schema'
              ? { response_format: zodResponseFormat(schema, name) }
              : mode === 'json_object'
                ? { response_format: { type: 'json_object' as const } }
                : {}),
          }),
        );
        const choice = completion.choices[0];
        if (completion.usage)
          this.logger.debug(
            { context: 'openai', schema: name, model: completion.model, usage: completion.usage },
            'LLM answered',
          );
        if (choice?.message.refusal)
          throw new LlmOutputError(`The LLM refused: ${choice.message.refusal}`, '');
        return choice?.message.content ?? '';
      } catch (error) {
        if (mode !== 'prompt' && rejectsFormat(error)) {
          this.formatMode = mode === 'json_schema' ? 'json_object' : 'prompt';
          this.logger.warn(
            { context: 'openai', from: mode, to: this.formatMode, err: (error as Error).message },
            'The LLM server rejected this structured-output mode; stepping down',
          );
          continue;
        }
        throw error;
      }
    }
  }
}

/** JSON mode and plain prompts need the shape in the prompt itself (and the word "JSON"). */
const withSchemaInstructions = (
  messages: ChatCompletionMessageParam[],
  schema: z.ZodType,
): ChatCompletionMessageParam[] => {
  const instructions = `Reply with a single JSON object, and nothing else, matching this JSON Schema:\n\`\`\`json\n${JSON.stringify(z.toJSONSchema(schema))}\n\`\`\``;
  const [first, ...rest] = messages;
  return first?.role === 'system'
    ? [{ role: 'system', content: `${String(first.content)}\n\n${instructions}` }, ...rest]
    : [{ role: 'system', content: instructions }, ...messages];
};
