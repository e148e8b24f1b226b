// Configuration from the environment, validated once at start (DESIGN §7).
import path from 'node:path';
import { z } from 'zod';

const portSchema = z.coerce.number().int().min(0).max(65_535);
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  CONTENT_PORT: portSchema.optional(),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  CONTENT_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString,
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  PDF_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  COOKIE_DOMAIN: optionalString,
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 visible ASCII characters (no spaces)')
      .optional(),
  ),
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z, 0-9, dot, hyphen)')
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s/]+/, 'must be an smtp:// or smtps:// URL (user:password@host:port)')
      .optional(),
  ),
  MAIL_FROM: optionalString,
});

/** Where uploaded files live: folders under DATA_DIR/files, or an S3-compatible bucket. */
export type FileStoreConfig =
  | { kind: 'local' }
  | { kind: 's3'; bucket: string; endpoint?: string; region: string; forcePathStyle: boolean };

export type Config = {
  port: number;
  host: string;
  contentPort: number;
  publicUrl: string;
  contentUrl: string;
  dataDir: string;
  /** The local store's folder; with S3, scratch space for uploads being received lives beside it. */
  filesDir: string;
  fileStore: FileStoreConfig;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  adminEmail?: string;
  adminPassword?: string;
  logLevel: string;
  sessionTtlMs: number;
  pdfMaxBytes: number;
  trustProxy: boolean;
  /** Domain of the session cookie, so that it also reaches the content origin's host name. */
  cookieDomain?: string;
  /** Enables /metrics, for callers sending this bearer token; unset = no metrics. */
  metricsToken?: string;
  /** How long start-up keeps retrying an unreachable database before giving up. */
  dbConnectTimeoutMs: number;
  /** Where sign-in links are also sent by email; unset = links are only shown to the admin. */
  mail?: { smtpUrl: string; from: string };
};

export class ConfigError extends Error {}

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const contentPort = e.CONTENT_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1);
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: must be a postgres:// URL (unset = SQLite)',
    );
  }
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new ConfigError('Invalid configuration:\n  MAIL_FROM: required when SMTP_URL is set');
  }
  const browserHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    contentPort,
    publicUrl: stripSlash(e.PUBLIC_URL ?? `http://${browserHost}:${e.PORT}`),
    contentUrl: stripSlash(e.CONTENT_URL ?? `http://${browserHost}:${contentPort}`),
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    fileStore: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          // The SDK needs a region even for stores that ignore it (MinIO, Garage use us-east-1).
          region: e.S3_REGION ?? 'us-east-1',
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local' },
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'sqlite', file: path.join(dataDir, 'ardoise.sqlite') },
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    pdfMaxBytes: e.PDF_MAX_BYTES,
    trustProxy: e.TRUST_PROXY,
    cookieDomain: e.COOKIE_DOMAIN,
    metricsToken: e.METRICS_TOKEN,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_SECONDS * 1000,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
  };
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
