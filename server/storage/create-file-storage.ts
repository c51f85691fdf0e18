import { join } from 'node:path'
import type { Config } from '../config/config.schemas.ts'
import type { FileStorage } from './file-storage.ts'
import { createLocalFileStorage } from './local-file-storage.ts'
import { createS3FileStorage } from './s3-file-storage.ts'

/** The one place that chooses where files go: DATA_DIR/files, or the S3 bucket of STORAGE_DRIVER=s3. */
export function createFileStorage(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3FileStorage({
      endpoint: config.S3_ENDPOINT ?? '',
      region: config.S3_REGION,
      bucket: config.S3_BUCKET ?? '',
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    })
  }
  return createLocalFileStorage(join(config.DATA_DIR, 'files'))
}
