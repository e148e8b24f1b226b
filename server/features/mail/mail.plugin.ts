// Puts the mailer on the app (null when SMTP_URL is unset) and stops it with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer | null;
  }
}

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const mailer = app.config.mail
      ? createMailer(app.db, app.config.mail, (error) => app.log.warn({ err: error }, 'mail not sent'))
      : null;
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer?.close());
  },
  { name: 'mail', dependencies: ['context'] },
);
