// The `storage` category: one folder per node type, each registered here as `storage/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { storageFileWrite } from './file-write/index';
import { storageS3Delete } from './s3-delete/index';
import { storageS3Get } from './s3-get/index';
import { storageS3List } from './s3-list/index';
import { storageS3Presign } from './s3-presign/index';
import { storageS3Put } from './s3-put/index';

export const storageNodes: Record<string, NodeDefinition[]> = {
  'storage/file-write': [storageFileWrite],
  'storage/s3-delete': [storageS3Delete],
  'storage/s3-get': [storageS3Get],
  'storage/s3-list': [storageS3List],
  'storage/s3-presign': [storageS3Presign],
  'storage/s3-put': [storageS3Put],
};
