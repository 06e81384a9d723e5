import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { currentCorrelationId } from './request-context.js';

/** Paths whose values never reach a log line. */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'secret',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.access_token',
  '*.refresh_token',
  '*.secret',
  '*.authorization',
  '*.cookie',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'headers["x-domestique-identity"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-domestique-identity"]',
];

export interface LoggerOptions {
  service: string;
  level?: string;
  /** where lines go; defaults to stdout */
  destination?: pino.DestinationStream;
}

/** Structured JSON logs with the service name, the correlation id of the current request and secrets redacted. */
export const createLogger = ({ service, level = 'info', destination }: LoggerOptions): Logger =>
  pino(
    {
      level,
      base: { service },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const correlationId = currentCorrelationId();
        return correlationId ? { correlationId } : {};
      },
    },
    destination,
  );

const FRAMEWORK_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'GraphQLModule',
  'NestFactory',
  'NestApplication',
]);

/** Routes NestJS's own logging into the same pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    // Nest's start-up chatter (modules loaded, routes mapped) is debug detail, not news.
    this.write(context && FRAMEWORK_CONTEXTS.has(context) ? 'debug' : 'info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, stringify(message));
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace', message: unknown, context?: string): void {
    this.logger[level]({ context }, stringify(message));
  }
}

const stringify = (message: unknown): string =>
  typeof message === 'string'
    ? message
    : message instanceof Error
      ? message.message
      : JSON.stringify(message);

export const LOGGER = Symbol.for('domestique.logger');
export type { Logger };
