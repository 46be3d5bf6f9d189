import { PRODUCT_NAME } from '@hive/shared/config';
import { ConfigError, loadEnvConfig } from './platform/config';
import { startServer } from './app';

/** DEMO_LIVE_TEST_RATE's shops: open around the clock (a browser test runs at any hour). */
const ALWAYS_OPEN = Array.from({ length: 7 }, () => ({ open: '00:00', close: '23:59' }));

async function main(): Promise<void> {
  const env = loadEnvConfig();
  const running = await startServer({
    port: env.port,
    host: env.host,
    nodeEnv: env.nodeEnv,
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    databaseSchema: env.databaseSchema,
    secret: env.authSecret,
    seedDemo: env.seedDemo,
    demoLive: env.demoLive,
    ...(env.demoLiveTestRate === undefined
      ? {}
      : { demoLiveSalesPerMinute: env.demoLiveTestRate, demoLiveHours: () => ALWAYS_OPEN }),
    remotesJson: env.remotesJson,
    publicUrl: env.publicUrl,
    trustProxy: env.trustProxy,
    sessionMaxLifetimeMs: env.sessionMaxLifetimeMs,
    instanceName: env.instanceName,
    recurringJobMs: env.recurringJobMs,
    logLevel: env.logLevel,
    smtpUrl: env.smtpUrl,
    mailFrom: env.mailFrom,
    releaseSettings: env.releaseSettings,
    releaseOrigins: env.releaseOrigins,
    metricsToken: env.metricsToken,
    metricsPort: env.metricsPort,
    otlpEndpoint: env.otlpEndpoint,
  });
  const host = env.host === undefined ? 'localhost' : env.host.includes(':') ? `[${env.host}]` : env.host;
  console.log(`${PRODUCT_NAME} is running at http://${host}:${running.port}`);
  if (running.metricsServer) console.log(`Metrics: http://127.0.0.1:${running.metricsServer.port}/metrics`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.log.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `Port ${process.env.PORT ?? 8080} is already in use: stop the other process or set PORT to a free port.`,
    );
  } else {
    console.error(`${PRODUCT_NAME} could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
