// Configuration from the environment, validated once at start (docs/decisions.md#configuration).
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const portSchema = z.coerce.number().int().min(0).max(65_535);
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const existingFile = z
  .string()
  .refine((file) => fs.existsSync(file), 'no such file')
  .optional();

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
  // Pupils (docs/pupils.md): a pupil idle this long is signed out (a shared class tablet); a pupil
  // account not seen this long is erased.
  PUPIL_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  PUPIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  PDF_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
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
  // ENT access (docs/ent.md): the identity provider's metadata (a URL or a file), the service
  // provider's key pair (PEM files; generated into DATA_DIR when unset).
  SAML_IDP_METADATA: optionalString,
  SAML_SP_KEY: optionalString.pipe(existingFile),
  SAML_SP_CERT: optionalString.pipe(existingFile),
  // A CAS server at a loopback, link-local or private address (a school's own network).
  CAS_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  // GAR subscriptions: the resource's ark id, the publisher web service and the client certificate.
  GAR_RESOURCE_ID: optionalString.pipe(
    z
      .string()
      .regex(/^ark:\/\d+\/\S+$/, 'must be an ark id (ark:/NNNNN/name)')
      .optional(),
  ),
  GAR_SUBSCRIPTION_URL: optionalString.pipe(z.url().optional()),
  GAR_CLIENT_CERT: optionalString.pipe(existingFile),
  GAR_CLIENT_KEY: optionalString.pipe(existingFile),
  GAR_CA_CERT: optionalString.pipe(existingFile),
  GAR_DISTRIBUTOR_ID: optionalString,
  GAR_RESOURCE_NAME: optionalString,
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
  /** A pupil's session ends after this long without a request (PUPIL_IDLE_MINUTES). */
  pupilIdleMs: number;
  /** Pupil accounts not seen for this many days are erased (PUPIL_RETENTION_DAYS). */
  pupilRetentionDays: number;
  pdfMaxBytes: number;
  trustProxy: boolean;
  /** Enables /metrics, for callers sending this bearer token; unset = no metrics. */
  metricsToken?: string;
  /** How long start-up keeps retrying an unreachable database before giving up. */
  dbConnectTimeoutMs: number;
  /** GAR sign-in through SAML 2.0; unset = no ENT button, the password sign-in only. */
  saml?: SamlConfig;
  /** Whether a school's CAS server may be at a loopback, link-local or private address. */
  casAllowPrivateAddresses: boolean;
  /** GAR subscriptions sent to the publisher web service; unset = none sent. */
  garSubscriptions?: GarSubscriptionsConfig;
  /** Where sign-in links are also sent by email; unset = links are only shown to the admin. */
  mail?: { smtpUrl: string; from: string };
};

export type SamlConfig = {
  /** A URL or a file path. */
  idpMetadata: string;
  /** PEM files; when unset, a pair is generated once into DATA_DIR/saml and kept. */
  spKeyFile?: string;
  spCertFile?: string;
};

export type GarSubscriptionsConfig = {
  /** The web service's base URL; a subscription lives at this URL + its id. */
  url: string;
  /** The resource's ark id. */
  resourceId: string;
  resourceName: string;
  distributorId?: string;
  clientCertFile: string;
  clientKeyFile: string;
  /** A CA to trust for the web service besides Node's own (a test service). */
  caFile?: string;
  timeoutMs: number;
};

/** How long a call to the GAR's web service may take before it counts as failed (and is retried). */
const GAR_TIMEOUT_MS = 15_000;

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
  if (Boolean(e.SAML_SP_KEY) !== Boolean(e.SAML_SP_CERT)) {
    throw new ConfigError('Invalid configuration:\n  SAML_SP_KEY, SAML_SP_CERT: set both, or neither');
  }
  const garMissing = (['GAR_RESOURCE_ID', 'GAR_CLIENT_CERT', 'GAR_CLIENT_KEY'] as const).filter(
    (name) => !e[name],
  );
  if (e.GAR_SUBSCRIPTION_URL && garMissing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${garMissing.join(', ')}: required with GAR_SUBSCRIPTION_URL`,
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
    pupilIdleMs: e.PUPIL_IDLE_MINUTES * 60_000,
    pupilRetentionDays: e.PUPIL_RETENTION_DAYS,
    pdfMaxBytes: e.PDF_MAX_BYTES,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_SECONDS * 1000,
    saml: e.SAML_IDP_METADATA
      ? { idpMetadata: e.SAML_IDP_METADATA, spKeyFile: e.SAML_SP_KEY, spCertFile: e.SAML_SP_CERT }
      : undefined,
    casAllowPrivateAddresses: e.CAS_ALLOW_PRIVATE_ADDRESSES,
    garSubscriptions:
      e.GAR_SUBSCRIPTION_URL && e.GAR_RESOURCE_ID && e.GAR_CLIENT_CERT && e.GAR_CLIENT_KEY
        ? {
            url: e.GAR_SUBSCRIPTION_URL.endsWith('/') ? e.GAR_SUBSCRIPTION_URL : `${e.GAR_SUBSCRIPTION_URL}/`,
            resourceId: e.GAR_RESOURCE_ID,
            resourceName: e.GAR_RESOURCE_NAME ?? 'Ardoise',
            distributorId: e.GAR_DISTRIBUTOR_ID,
            clientCertFile: e.GAR_CLIENT_CERT,
            clientKeyFile: e.GAR_CLIENT_KEY,
            caFile: e.GAR_CA_CERT,
            timeoutMs: GAR_TIMEOUT_MS,
          }
        : undefined,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
  };
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
