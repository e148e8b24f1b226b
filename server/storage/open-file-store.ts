import type { Config } from '../config.js';
import type { FileStore } from './file-store.js';
import { LocalFileStore } from './local-store.js';

/** The driver the configuration names (S3_BUCKET set: the bucket; else DATA_DIR/files). */
export async function openFileStore(
  config: Pick<Config, 'dataDir' | 'filesDir' | 'fileStore'>,
): Promise<FileStore> {
  if (config.fileStore.kind !== 's3') return new LocalFileStore(config.filesDir);
  // The AWS SDK takes half a second to import: only a server that uses a bucket loads it.
  const { S3FileStore } = await import('./s3-store.js');
  return new S3FileStore(config.fileStore, config.dataDir);
}
