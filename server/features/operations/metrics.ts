// Prometheus metrics of one process (prom-client, its own registry): HTTP requests by route
// pattern and status, the database pool, uploads in flight and their bytes, learning-table cache
// lookups, and Node's process metrics. Collected only when METRICS_TOKEN enables /metrics.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, postgresPool } from '../../db/database.js';
import { tableCacheLookups } from '../learning-table/table-cache.js';

/** The upload route, watched from outside its feature by its URL pattern. */
const UPLOAD_ROUTE = '/api/admin/upload';
/** Label of requests no route matched (SPA pages on the app origin, 404s). */
const NO_ROUTE = '(none)';

export type Metrics = {
  registry: Registry;
  /** Adds the request and upload hooks to one origin's app. */
  instrument(app: FastifyInstance, origin: 'app' | 'content'): void;
};

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(tableCacheLookups);

  const labelNames = ['origin', 'method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'ardoise_http_requests_total',
    help: 'HTTP requests answered, by origin, method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'ardoise_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by origin, method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  const pool = postgresPool(db);
  new Gauge({
    name: 'ardoise_db_pool_connections',
    help: 'Database connections: PostgreSQL pool total, idle and waiting requests; SQLite: its one connection',
    labelNames: ['kind', 'state'],
    registers: [registry],
    collect() {
      if (!pool) {
        this.set({ kind: 'sqlite', state: 'total' }, 1);
        return;
      }
      this.set({ kind: 'postgres', state: 'total' }, pool.totalCount);
      this.set({ kind: 'postgres', state: 'idle' }, pool.idleCount);
      this.set({ kind: 'postgres', state: 'waiting' }, pool.waitingCount);
    },
  });

  // Bytes an upload has sent so far, read from its socket: the route's stream is left untouched.
  const uploads = new Map<FastifyRequest, number>();
  const receivedSoFar = (request: FastifyRequest, start: number) => request.raw.socket.bytesRead - start;
  new Gauge({
    name: 'ardoise_uploads_in_flight',
    help: 'Uploads being received or stored now',
    registers: [registry],
    collect() {
      this.set(uploads.size);
    },
  });
  new Gauge({
    name: 'ardoise_upload_bytes_in_flight',
    help: 'Bytes received so far by the uploads in flight',
    registers: [registry],
    collect() {
      let bytes = 0;
      for (const [request, start] of uploads) bytes += receivedSoFar(request, start);
      this.set(bytes);
    },
  });
  const uploadBytes = new Counter({
    name: 'ardoise_upload_received_bytes_total',
    help: 'Bytes received by finished uploads (accepted or refused)',
    registers: [registry],
  });
  const endUpload = (request: FastifyRequest) => {
    const start = uploads.get(request);
    if (start === undefined) return;
    uploads.delete(request);
    uploadBytes.inc(Math.max(0, receivedSoFar(request, start)));
  };

  return {
    registry,
    instrument(app, origin) {
      app.addHook('onRequest', async (request) => {
        if (request.routeOptions.url === UPLOAD_ROUTE && request.method === 'POST') {
          uploads.set(request, request.raw.socket.bytesRead);
        }
      });
      app.addHook('onRequestAbort', async (request) => endUpload(request));
      app.addHook('onResponse', async (request, reply) => {
        endUpload(request);
        const labels = {
          origin,
          method: request.method,
          route: request.routeOptions.url ?? NO_ROUTE,
          status: String(reply.statusCode),
        };
        requests.inc(labels);
        durations.observe(labels, reply.elapsedTime / 1000);
      });
    },
  };
}
