// Sends the GAR subscriptions in the background: soon after a licence change (kick), and every
// half minute for the retries. Without GAR settings it does nothing.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendDueSubscriptions } from './subscription.service.js';
import { createSubscriptionClient } from './subscription-client.js';

const SWEEP_INTERVAL_MS = 30_000;
const BATCH = 20;

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks the sender to look for due subscriptions now (after a licence change is committed). */
    kickSubscriptions(): void;
  }
}

export const subscriptionSenderPlugin = fp(
  async (app: FastifyInstance) => {
    const config = app.config.garSubscriptions;
    if (!config) {
      app.decorate('kickSubscriptions', () => undefined);
      return;
    }
    const client = createSubscriptionClient(config);
    let running: Promise<void> | null = null;
    let again = false;
    let timer: NodeJS.Timeout | undefined;

    const run = async () => {
      do {
        again = false;
        try {
          while ((await sendDueSubscriptions(app.db, client)) === BATCH) {
            // A full batch: more may be due.
          }
        } catch (error) {
          app.log.error({ err: error }, 'GAR subscriptions could not be sent');
        }
      } while (again);
    };
    const kick = () => {
      if (running) {
        again = true;
        return;
      }
      running = run().finally(() => {
        running = null;
      });
    };

    app.decorate('kickSubscriptions', kick);
    app.addHook('onReady', async () => {
      timer = setInterval(kick, SWEEP_INTERVAL_MS);
      timer.unref();
      kick();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'gar-subscriptions', dependencies: ['context'] },
);
