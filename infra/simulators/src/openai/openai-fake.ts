import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * An OpenAI-compatible fake for tests of the real adapter (the `openai` SDK pointed at it through its
 * base URL). It speaks POST /v1/chat/completions and GET /v1/models with OpenAI's JSON shapes, auth
 * and error bodies, and misbehaves on demand.
 *
 * Modes:
 * - success: a schema-valid answer built from the facts in the prompt
 * - malformed: content that is not JSON
 * - schema-violation: JSON that does not match the requested schema
 * - timeout: never answers (until the client gives up or the fake closes)
 * - slow: answers successfully after `slowMs`
 * - 429: rate limited, with retry-after
 * - 500: server error
 * - no-schema-support: rejects response_format json_schema with a 400, like some compatible servers
 *   (json_object and plain prompts still work)
 * - wrong-numbers: a schema-valid answer that states numbers found nowhere in the facts (987.65 mi,
 *   4321 W), as a model that invents data would; script it before 'success' to test a repair
 */
export const OPENAI_FAKE_MODES = [
  'success',
  'malformed',
  'schema-violation',
  'timeout',
  'slow',
  '429',
  '500',
  'no-schema-support',
  'wrong-numbers',
] as const;
export type OpenAiFakeMode = (typeof OPENAI_FAKE_MODES)[number];

export const DEFAULT_FAKE_API_KEY = 'sk-fake-domestique';
export const FAKE_MODELS = ['gpt-5-mini', 'gpt-4.1-mini', 'gpt-4o-mini'];

export interface OpenAiFakeOptions {
  port?: number;
  host?: string;
  /** a mode, or a script of modes consumed one per completion request (the last one then stays) */
  mode?: OpenAiFakeMode | OpenAiFakeMode[];
  /** the only API key accepted (Authorization: Bearer ...) */
  apiKey?: string;
  /** delay of the slow mode */
  slowMs?: number;
  /** retry-after (seconds) of the 429 mode */
  retryAfterSeconds?: number;
}

export interface RecordedRequest {
  at: string;
  method: string;
  path: string;
  authorization: string | null;
  /** the parsed JSON body (completions) */
  body: ChatCompletionRequest | null;
  /** what the fake did with it */
  mode: OpenAiFakeMode | 'rejected';
}

export interface OpenAiFake {
  /** base URL for the SDK: `${url}/v1` is where the API lives */
  url: string;
  /** the same as `${url}/v1` */
  baseURL: string;
  apiKey: string;
  setMode(mode: OpenAiFakeMode | OpenAiFakeMode[]): void;
  readonly mode: OpenAiFakeMode;
  /** every request received, oldest first */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

interface ChatMessage {
  role: string;
  content: string | { type: string; text?: string }[] | null;
}

export interface ChatCompletionRequest {
  model?: unknown;
  messages?: unknown;
  response_format?: { type?: string; json_schema?: { name?: string; schema?: JsonSchema; strict?: boolean } };
  [key: string]: unknown;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
}

const errorBody = (
  message: string,
  type: string,
  code: string | null = null,
  param: string | null = null,
) => ({
  error: { message, type, param, code },
});

const textOf = (message: ChatMessage): string =>
  typeof message.content === 'string'
    ? message.content
    : Array.isArray(message.content)
      ? message.content.map((part) => part.text ?? '').join('')
      : '';

/** Fenced ```json blocks of the prompt: the one with "properties" is a schema, the others facts. */
const jsonBlocks = (messages: ChatMessage[]): unknown[] => {
  const blocks: unknown[] = [];
  for (const message of messages) {
    for (const match of textOf(message).matchAll(/```json\s*\n([\s\S]*?)```/g)) {
      try {
        blocks.push(JSON.parse(match[1]!));
      } catch {
        // not JSON: ignore
      }
    }
  }
  return blocks;
};

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && 'properties' in value;

/** A readable line from the facts: the first name found and a few numbers. */
const describeFacts = (facts: unknown): string => {
  let name: string | null = null;
  const numbers: string[] = [];
  const visit = (value: unknown, key: string, depth: number) => {
    if (depth > 4) return;
    if (typeof value === 'string' && !name && (key === 'name' || key === 'title')) name = value;
    else if (typeof value === 'number' && numbers.length < 3) numbers.push(`${key} ${value}`);
    else if (Array.isArray(value)) value.slice(0, 2).forEach((item) => visit(item, key, depth + 1));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) visit(v, k, depth + 1);
  };
  visit(facts, '', 0);
  return `${name ? `"${name}"` : 'your riding'}${numbers.length ? ` (${numbers.join(', ')})` : ''}`;
};

/** A value that satisfies `schema`, its strings written from the prompt's facts. */
const generate = (schema: JsonSchema | undefined, key: string, about: string, question: string): unknown => {
  if (!schema) return `${key}: about ${about}`;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return generate(schema.anyOf[0], key, about, question);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, generate(s, k, about, question)]),
      );
    case 'array':
      return [generate(schema.items, key, about, question)];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    default:
      return key === 'answer' || key === 'response'
        ? `Coach (fake LLM) on "${question}": looking at ${about}, keep building steadily.`
        : `${key} (fake LLM): ${about}.`;
  }
};

const DEFAULT_SHAPE: JsonSchema = { type: 'object', properties: { answer: { type: 'string' } } };

/** The fake's answer to a valid completion request. */
const completionContent = (body: ChatCompletionRequest, mode: OpenAiFakeMode): string => {
  const messages = body.messages as ChatMessage[];
  const blocks = jsonBlocks(messages);
  const schema = body.response_format?.json_schema?.schema ?? blocks.find(isSchema) ?? DEFAULT_SHAPE;
  const facts = blocks.find((block) => !isSchema(block)) ?? null;
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const question = lastUser ? textOf(lastUser).split('\n')[0]!.slice(0, 200) : '';
  if (mode === 'malformed') return '{"summary": "Great ride, but this reply was cut off';
  if (mode === 'schema-violation') {
    const keys = Object.keys(schema.properties ?? {});
    return JSON.stringify({ [keys[0] ?? 'unexpected']: 42, note: 'missing fields' });
  }
  const about =
    mode === 'wrong-numbers' ? `${describeFacts(facts)}; you rode 987.65 mi at 4321 W` : describeFacts(facts);
  const value = generate(schema, 'answer', about, question);
  return JSON.stringify(value);
};

const tokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

export const startOpenAiFake = async (options: OpenAiFakeOptions = {}): Promise<OpenAiFake> => {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? DEFAULT_FAKE_API_KEY;
  const slowMs = options.slowMs ?? 1500;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  let script: OpenAiFakeMode[] = [];
  let current: OpenAiFakeMode = 'success';
  const setMode = (mode: OpenAiFakeMode | OpenAiFakeMode[]) => {
    const modes = Array.isArray(mode) ? [...mode] : [mode];
    for (const m of modes)
      if (!OPENAI_FAKE_MODES.includes(m)) throw new Error(`Unknown OpenAI fake mode "${m}"`);
    script = modes.slice(1);
    current = modes[0] ?? 'success';
  };
  /** the mode for the next completion: the script advances one step per request */
  const takeMode = (): OpenAiFakeMode => {
    const mode = current;
    if (script.length) current = script.shift()!;
    return mode;
  };
  setMode(options.mode ?? 'success');

  const requests: RecordedRequest[] = [];
  const hanging = new Set<Response>();
  let completions = 0;

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '4mb' }));

  const record = (req: Request, mode: RecordedRequest['mode']) =>
    requests.push({
      at: new Date().toISOString(),
      method: req.method,
      path: req.path,
      authorization: req.get('authorization') ?? null,
      body: req.method === 'POST' ? (req.body as ChatCompletionRequest) : null,
      mode,
    });

  const authorised = (req: Request, res: Response): boolean => {
    const header = req.get('authorization') ?? '';
    if (header === `Bearer ${apiKey}`) return true;
    record(req, 'rejected');
    res
      .status(401)
      .json(
        errorBody(
          header
            ? 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.'
            : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
          'invalid_request_error',
          header ? 'invalid_api_key' : null,
        ),
      );
    return false;
  };

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', mode: current });
  });

  app.get('/v1/models', (req, res) => {
    if (!authorised(req, res)) return;
    record(req, current);
    res.json({
      object: 'list',
      data: FAKE_MODELS.map((id) => ({
        id,
        object: 'model',
        created: 1_700_000_000,
        owned_by: 'domestique-fake',
      })),
    });
  });

  app.post('/v1/chat/completions', (req, res) => {
    if (!authorised(req, res)) return;
    const body = (req.body ?? {}) as ChatCompletionRequest;
    if (typeof body.model !== 'string' || !body.model) {
      record(req, 'rejected');
      res
        .status(400)
        .json(errorBody('you must provide a model parameter', 'invalid_request_error', null, 'model'));
      return;
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      record(req, 'rejected');
      res
        .status(400)
        .json(errorBody("[] is too short - 'messages'", 'invalid_request_error', null, 'messages'));
      return;
    }
    if (body.stream === true) {
      record(req, 'rejected');
      res.status(400).json(errorBody('The fake does not stream.', 'invalid_request_error', null, 'stream'));
      return;
    }
    const mode = takeMode();
    record(req, mode);
    const format = body.response_format?.type;
    if (format === 'json_object' && !JSON.stringify(body.messages).toLowerCase().includes('json')) {
      res
        .status(400)
        .json(
          errorBody(
            "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
            'invalid_request_error',
            null,
            'messages',
          ),
        );
      return;
    }
    switch (mode) {
      case 'timeout':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case '429':
        res
          .status(429)
          .set({
            'retry-after': String(retryAfterSeconds),
            'x-ratelimit-limit-requests': '500',
            'x-ratelimit-remaining-requests': '0',
            'x-ratelimit-reset-requests': `${retryAfterSeconds}s`,
          })
          .json(
            errorBody(
              `Rate limit reached for ${body.model} on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in ${retryAfterSeconds}s.`,
              'requests',
              'rate_limit_exceeded',
            ),
          );
        return;
      case '500':
        res
          .status(500)
          .json(
            errorBody(
              'The server had an error while processing your request. Sorry about that!',
              'server_error',
            ),
          );
        return;
      case 'no-schema-support':
        if (format === 'json_schema') {
          res
            .status(400)
            .json(
              errorBody(
                "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
                'invalid_request_error',
                null,
                'response_format',
              ),
            );
          return;
        }
        break;
      case 'success':
      case 'malformed':
      case 'schema-violation':
      case 'slow':
      case 'wrong-numbers':
        break;
    }
    const answer = () => {
      if (res.writableEnded || res.destroyed) return;
      const content = completionContent(body, mode);
      const promptTokens = tokens(JSON.stringify(body.messages));
      const completionTokens = tokens(content);
      completions += 1;
      res.set('x-request-id', `req_fake_${completions}`).json({
        id: `chatcmpl-fake-${completions}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
        system_fingerprint: 'fp_domestique_fake',
      });
    };
    if (mode === 'slow') {
      const timer = setTimeout(answer, slowMs);
      res.on('close', () => clearTimeout(timer));
    } else {
      answer();
    }
  });

  // control endpoints, for a fake started as its own process
  app.post('/_sim/mode', (req, res) => {
    const { mode } = (req.body ?? {}) as { mode?: OpenAiFakeMode | OpenAiFakeMode[] };
    try {
      setMode(mode ?? 'success');
      res.json({ mode: current });
    } catch (error) {
      res.status(400).json({ message: (error as Error).message });
    }
  });
  app.get('/_sim/requests', (_req, res) => {
    res.json(requests);
  });

  app.use((req: Request, res: Response) => {
    res.status(404).json(errorBody(`Invalid URL (${req.method} ${req.path})`, 'invalid_request_error'));
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status ?? 500;
    res
      .status(status >= 400 && status < 500 ? status : 500)
      .json(
        errorBody(
          status >= 400 && status < 500
            ? "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)"
            : 'The server had an error while processing your request. Sorry about that!',
          status >= 400 && status < 500 ? 'invalid_request_error' : 'server_error',
        ),
      );
  });

  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    baseURL: `${url}/v1`,
    apiKey,
    setMode,
    get mode() {
      return current;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        hanging.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};
