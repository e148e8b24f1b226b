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
});
