import { createLogger, loadConfig, startTracing, stopTracing } from '@domestique/common';
import { createGateway } from './app.js';
import { gatewayEnvSchema } from './config/env.schema.js';
import { answerClientErrors } from './security/client-errors.js';

const config = loadConfig('gateway', gatewayEnvSchema);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
// before the app is built, so every request and subgraph call is traced (when OTEL_TRACES_ENABLED)
startTracing('gateway', config);
const gateway = createGateway(config, logger);

const server = gateway.app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST, () => {
  logger.info({ url: config.PUBLIC_URL, port: config.GATEWAY_PORT }, 'Gateway listening');
});
server.keepAliveTimeout = 65_000;
answerClientErrors(server);
gateway.start();

const shutdown = (signal: string) => {
  logger.info({ signal }, 'Gateway shutting down');
  server.close();
  void Promise.allSettled([gateway.stop(), stopTracing()]).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
