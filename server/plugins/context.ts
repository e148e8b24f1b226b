// Makes the app's shared dependencies (database, config, file store) reachable from every route.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { FileStore } from '../storage/file-store.js';

export type AppContext = { db: Db; config: Config; files: FileStore };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    files: FileStore;
  }
}

export const contextPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    app.decorate('db', context.db);
    app.decorate('config', context.config);
    app.decorate('files', context.files);
  },
  { name: 'context' },
);
