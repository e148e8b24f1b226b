// Erases, in the background, pupil accounts not seen for PUPIL_RETENTION_DAYS (docs/privacy.md):
// a sweep soon after start-up, then every hour; stopped with the app. Two instances on one database
// sweep one after the other (sweepPupilRetention holds a database lock).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepPupilRetention } from './pupil-admin.service.js';

const SWEEP_INTERVAL_MS = 3600_000;
const FIRST_SWEEP_MS = 60_000;

export const pupilRetentionPlugin = fp(
  async (app: FastifyInstance) => {
    let running: Promise<void> | null = null;
    let timer: NodeJS.Timeout | undefined;
    let first: NodeJS.Timeout | undefined;
    let closed = false;

    const sweep = () => {
      if (running || closed) return;
      running = sweepPupilRetention(app.db, { now: new Date(), retentionDays: app.config.pupilRetentionDays })
        .then((erased) => {
          if (erased > 0) app.log.info({ erased }, 'pupil accounts erased (PUPIL_RETENTION_DAYS)');
        })
        .catch((error) => app.log.error({ err: error }, 'pupil retention sweep failed'))
        .finally(() => {
          running = null;
        });
    };

    app.addHook('onReady', async () => {
      first = setTimeout(sweep, FIRST_SWEEP_MS);
      first.unref();
      timer = setInterval(sweep, SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    });
  },
  { name: 'pupil-retention', dependencies: ['context'] },
);
