import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      contentPort: 3001,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      contentUrl: 'http://127.0.0.1:3001',
      dataDir: path.resolve('./data'),
      database: { kind: 'sqlite', file: path.resolve('./data/ardoise.sqlite') },
      pdfMaxBytes: 50 * 1024 * 1024,
    });
  });

  it('switches to PostgreSQL for a postgres DATABASE_URL and treats an empty one as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('sqlite');
  });

  it('keeps files under DATA_DIR by default and uses a bucket when S3_BUCKET is set', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
    expect(loadConfig({ S3_BUCKET: '' }).fileStore).toEqual({ kind: 'local' });
    expect(loadConfig({ S3_BUCKET: 'ardoise-files' }).fileStore).toEqual({
      kind: 's3',
      bucket: 'ardoise-files',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'ardoise-files',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'fr-par',
        S3_FORCE_PATH_STYLE: 'true',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'ardoise-files',
      endpoint: 'http://minio.internal:9000',
      region: 'fr-par',
      forcePathStyle: true,
    });
    expect(() =>
      loadConfig({ S3_BUCKET: 'Not_A_Bucket', S3_ENDPOINT: 'nope', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toThrow(/S3_BUCKET: must be a bucket name[\s\S]*S3_ENDPOINT[\s\S]*S3_FORCE_PATH_STYLE/);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', ADMIN_EMAIL: 'not-an-email', LOG_LEVEL: 'loud' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', ADMIN_EMAIL: 'not-an-email' });
    } catch (error) {
      expect(String(error)).toContain('PORT');
      expect(String(error)).toContain('ADMIN_EMAIL');
    }
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('reads the operator settings: metrics token (off by default, checked) and database wait', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, dbConnectTimeoutMs: 30_000 });
    expect(
      loadConfig({ METRICS_TOKEN: 'abcdefghijklmnop-123', DB_CONNECT_TIMEOUT_SECONDS: '5' }),
    ).toMatchObject({
      metricsToken: 'abcdefghijklmnop-123',
      dbConnectTimeoutMs: 5000,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the token' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_SECONDS: '-1' })).toThrow(/DB_CONNECT_TIMEOUT_SECONDS/);
  });

  it('reads the ENT settings: SAML only when the IdP metadata is given, GAR subscriptions only complete', () => {
    const existing = path.resolve('package.json');
    expect(loadConfig({}).saml).toBeUndefined();
    expect(loadConfig({}).garSubscriptions).toBeUndefined();
    expect(loadConfig({ SAML_IDP_METADATA: 'https://idp.test/metadata' }).saml).toEqual({
      idpMetadata: 'https://idp.test/metadata',
      spKeyFile: undefined,
      spCertFile: undefined,
    });
    expect(() => loadConfig({ SAML_IDP_METADATA: 'x', SAML_SP_KEY: existing })).toThrow(
      /SAML_SP_KEY, SAML_SP_CERT: set both, or neither/,
    );
    expect(() => loadConfig({ SAML_SP_KEY: '/no/such/key.pem', SAML_SP_CERT: existing })).toThrow(
      /SAML_SP_KEY: no such file/,
    );
    expect(() => loadConfig({ GAR_SUBSCRIPTION_URL: 'https://abonnement.gar.test' })).toThrow(
      /GAR_RESOURCE_ID, GAR_CLIENT_CERT, GAR_CLIENT_KEY: required with GAR_SUBSCRIPTION_URL/,
    );
    expect(() => loadConfig({ GAR_RESOURCE_ID: 'not-an-ark' })).toThrow(/GAR_RESOURCE_ID: must be an ark id/);
    expect(
      loadConfig({
        GAR_SUBSCRIPTION_URL: 'https://abonnement.gar.test/path',
        GAR_RESOURCE_ID: 'ark:/12345/ardoise',
        GAR_CLIENT_CERT: existing,
        GAR_CLIENT_KEY: existing,
      }).garSubscriptions,
    ).toMatchObject({
      url: 'https://abonnement.gar.test/path/',
      resourceId: 'ark:/12345/ardoise',
      resourceName: 'Ardoise',
      distributorId: undefined,
      caFile: undefined,
    });
  });
});
