import type { z } from 'zod';
import { INTERNAL_HEADERS, type ServiceName } from '@domestique/proto';
import { DomainException, unavailable } from '../errors/domain.exception.js';
import { signIdentity } from '../identity/internal-token.js';
import { currentCorrelationId } from '../logging/request-context.js';

/** The default URL of each service's API (ports of infra/dev); config overrides them. */
export const DEFAULT_SERVICE_URLS: Readonly<Record<ServiceName, string>> = {
  auth: 'http://127.0.0.1:4101',
  rides: 'http://127.0.0.1:4102',
  analysis: 'http://127.0.0.1:4103',
  billing: 'http://127.0.0.1:4104',
  admin: 'http://127.0.0.1:4105',
};

export interface InternalClientOptions {
  /** the calling service, carried in the signed `system` identity */
  caller: ServiceName;
  /** the called service's API base URL */
  baseUrl: string;
  secret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface InternalCallRequest<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** validates the answer (the contract from proto/) */
  schema: S;
}

/**
 * Service-to-service REST (ARCHITECTURE.md: internal REST where a synchronous answer is needed). Calls
 * carry a signed `system` identity and the correlation id; answers are validated with the contract's
 * zod schema. A 4xx answer of the called service is rethrown with its status and message; a network
 * failure, a timeout, a 5xx or an answer that breaks the contract becomes a 503.
 */
export class InternalClient {
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: InternalClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  async request<S extends z.ZodType>({
    method = 'GET',
    path,
    body,
    schema,
  }: InternalCallRequest<S>): Promise<z.infer<S>> {
    const token = await signIdentity({ role: 'system', service: this.options.caller }, this.options.secret);
    const headers: Record<string, string> = {
      [INTERNAL_HEADERS.identity]: token,
      accept: 'application/json',
    };
    const correlationId = currentCorrelationId();
    if (correlationId) headers[INTERNAL_HEADERS.correlationId] = correlationId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const target = new URL(path, this.options.baseUrl);
    let response: Response;
    try {
      response = await this.fetchImpl(target, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.status >= 400 && response.status < 500) {
      const message = (payload as { message?: unknown } | undefined)?.message;
      const code = (payload as { code?: unknown } | undefined)?.code;
      throw new DomainException(
        (typeof code === 'string' ? code : 'BAD_REQUEST') as DomainException['code'],
        typeof message === 'string' ? message : `Request to ${target.pathname} failed`,
        response.status,
      );
    }
    if (!response.ok) throw unavailable();
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw unavailable();
    return parsed.data;
  }
}
