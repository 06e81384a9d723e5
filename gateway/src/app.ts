import {
  acceptCorrelationId,
  createRedis,
  GENERIC_ERROR_MESSAGE,
  refuseInvalidText,
  requestErrorOf,
  runWithContext,
  traceHttpRequests,
  trustProxyOf,
  verifyJsonBody,
  type Logger,
} from '@domestique/common';
import { INTERNAL_HEADERS, SERVICE_NAMES, type ServiceName } from '@domestique/proto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GatewayConfig } from './config/env.schema.js';
import { gatewayEvents } from './events/gateway-events.js';
import { FederatedGraph, GRAPHQL_BODY_LIMIT_BYTES } from './graphql/federated-graph.js';
import { gatewayHealth } from './health/health.js';
import { gatewayProbes } from './health/probes.js';
import { gatewayHttpMetrics, gatewayRoute, graphqlOperationMetrics } from './metrics/gateway-metrics.js';
import { restProxy } from './proxy/rest-proxy.js';
import { originCheck } from './security/origin-check.js';
import { securityHeaders } from './security/security-headers.js';
import { IdentityTokens } from './sessions/identity-tokens.js';
import { cookiePolicyOf } from './sessions/session-cookies.js';
import { SessionStore } from './sessions/session-store.js';
import { Sessions } from './sessions/sessions.js';
import { spa } from './web/spa.js';

export interface Gateway {
  app: express.Express;
  graph: FederatedGraph;
  store: SessionStore;
  start(): void;
  stop(): Promise<void>;
}

const requestContext = (logger: Logger) => (req: Request, res: Response, next: NextFunction) => {
  const correlationId = acceptCorrelationId(req.headers[INTERNAL_HEADERS.correlationId]);
  res.setHeader(INTERNAL_HEADERS.correlationId, correlationId);
  const started = process.hrtime.bigint();
  // read now: an answer sent inside a mounted middleware (the /api origin check) would see a shorter path
  const path = req.path;
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const line = { method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
    if (res.statusCode >= 500) logger.error(line, 'request');
    else if (['/health', '/livez', '/readyz', '/metrics'].includes(path)) logger.debug(line, 'request');
    else logger.info(line, 'request');
  });
  runWithContext({ correlationId }, next);
};

/** Assembles the gateway: sessions, REST proxy, federated GraphQL, web app, security and health. */
export const createGateway = (config: GatewayConfig, logger: Logger): Gateway => {
  const production = config.NODE_ENV === 'production';
  const redis = createRedis(config, 'producer');
  const cookies = cookiePolicyOf(config);
  const store = new SessionStore(redis, config.REDIS_PREFIX, cookies.maxAgeSeconds);
  const tokens = new IdentityTokens(config.INTERNAL_JWT_SECRET);
  const sessions = new Sessions(store, cookies, config.INTERNAL_JWT_SECRET, logger);
  const serviceUrls: Record<ServiceName, string> = {
    auth: config.AUTH_URL,
    rides: config.RIDES_URL,
    analysis: config.ANALYSIS_URL,
    billing: config.BILLING_URL,
    admin: config.ADMIN_URL,
  };
  const graph = new FederatedGraph({
    subgraphs: SERVICE_NAMES.map((name) => ({ name, url: `${serviceUrls[name]}/graphql` })),
    sessions,
    tokens,
    logger,
    pollIntervalMs: config.SUPERGRAPH_POLL_MS,
    production,
  });
  const allowedOrigins = new Set(
    [
      new URL(config.PUBLIC_URL).origin,
      ...config.EXTRA_ALLOWED_ORIGINS.split(',').map((o) => o.trim()),
    ].filter(Boolean),
  );

  const app = express();
  app.disable('x-powered-by');
  // whose X-Forwarded-For is believed (TRUST_PROXY); the REST and GraphQL proxies pass req.ip on to the services
  app.set('trust proxy', trustProxyOf(config));
  app.use(gatewayHttpMetrics());
  // a server span per request (a no-op unless tracing was started); a browser's traceparent is not believed
  app.use(traceHttpRequests({ acceptParent: false, route: gatewayRoute }));
  app.use(requestContext(logger));
  app.use(securityHeaders(production, config.MAP_TILE_ORIGINS));
  app.get('/health', gatewayHealth(redis, graph, serviceUrls));
  app.use(gatewayProbes(redis, graph, serviceUrls, config.METRICS_TOKEN));
  app.use(['/api', '/graphql'], originCheck(allowedOrigins));
  // no NUL or lone surrogate in a path or query (the services check their bodies; /graphql's is below)
  app.use(['/api', '/graphql'], refuseInvalidText());

  // The landing page's "Start Your Journey" / "Start Your Free Trial": sign up, or straight in.
  app.get('/api/login', async (req, res) => {
    const { identity } = await sessions.resolve(req, 'user');
    res.redirect(302, identity.role === 'user' ? '/dashboard' : '/auth?mode=register');
  });
  app.use(
    restProxy({
      serviceUrls,
      sessions,
      tokens,
      logger,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      bodyLimitBytes: config.BODY_LIMIT_BYTES,
      uploadLimitBytes: config.UPLOAD_MAX_BYTES,
    }),
  );
  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use(
    '/graphql',
    express.json({
      limit: Math.min(config.BODY_LIMIT_BYTES, GRAPHQL_BODY_LIMIT_BYTES),
      verify: verifyJsonBody(),
    }),
    graphqlOperationMetrics(),
    graph.middleware(),
  );
  if (config.WEB_DIST) app.use(spa(config.WEB_DIST));

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ message: requestErrorOf(error)?.message ?? 'Bad request' });
      return;
    }
    logger.error({ err: error }, 'Unexpected gateway error');
    if (!res.headersSent) res.status(500).json({ message: GENERIC_ERROR_MESSAGE });
  });

  const eventConnection = createRedis(config, 'worker');
  const events = gatewayEvents(eventConnection, store, logger, config.REDIS_PREFIX);

  return {
    app,
    graph,
    store,
    start: () => {
      events.start();
      void graph.start();
    },
    stop: async () => {
      await graph.stop();
      await events.close();
      eventConnection.disconnect();
      redis.disconnect();
    },
  };
};
