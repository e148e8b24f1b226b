import type { Config } from '../config.js';
import type { FileStore } from './file-store.js';
import { LocalFileStore } from './local-store.js';
import { S3FileStore } from './s3-store.js';

/** The driver the configuration names (S3_BUCKET set: the bucket; else DATA_DIR/files). */
export function openFileStore(config: Pick<Config, 'dataDir' | 'filesDir' | 'fileStore'>): FileStore {
  return config.fileStore.kind === 's3'
    ? new S3FileStore(config.fileStore, config.dataDir)
    : new LocalFileStore(config.filesDir);
}
