// Starts Ardoise: config, database, both listeners, graceful shutdown.
import { buildApp, buildContentApp } from './app.js';
import { prepare } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseUnreachableError } from './db/wait-for-database.js';
import { createMetrics } from './features/operations/metrics.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const { db, files } = await prepare(config, (line) => console.log(line));
  const metrics = config.metricsToken ? createMetrics(db) : undefined;
  const app = await buildApp({ db, config, files, metrics });
  const content = await buildContentApp({ db, config, files, metrics, logger: true });

  await app.listen({ port: config.port, host: config.host });
  await content.listen({ port: config.contentPort, host: config.host });
  app.log.info(
    {
      appOrigin: config.publicUrl,
      contentOrigin: config.contentUrl,
      startupMs: Math.round(performance.now() - startedAt),
    },
    'Ardoise is ready',
  );
  console.log(`Ardoise is ready at ${config.publicUrl}`);
  if (process.env.COOKIE_DOMAIN) {
    // Each origin now has host-only cookies of its own (docs/deployment.md, moving from COOKIE_DOMAIN).
    app.log.warn('COOKIE_DOMAIN is no longer used and is ignored: remove it from the environment');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await Promise.allSettled([app.close(), content.close()]);
    await db.destroy();
    await files.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnreachableError) console.error(error.message);
  else console.error('Ardoise failed to start:', error);
  process.exit(1);
});
