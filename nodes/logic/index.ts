// The `logic` category: one folder per node type, each registered here as `logic/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { logicBatch } from './batch/index';
import { logicCoalesce } from './coalesce/index';
import { logicCompareDatasets } from './compare-datasets/index';
import { logicIf } from './if/index';
import { logicIfAll } from './if-all/index';
import { logicIfAny } from './if-any/index';
import { logicIsEmpty } from './is-empty/index';
import { logicLoopOverItems } from './loop-over-items/index';
import { logicMerge } from './merge/index';
import { logicNoop } from './noop/index';
import { logicStopAndError } from './stop-and-error/index';
import { logicSwitch } from './switch/index';

export const logicNodes: Record<string, NodeDefinition[]> = {
  'logic/batch': [logicBatch],
  'logic/coalesce': [logicCoalesce],
  'logic/compare-datasets': [logicCompareDatasets],
  'logic/if': [logicIf],
  'logic/if-all': [logicIfAll],
  'logic/if-any': [logicIfAny],
  'logic/is-empty': [logicIsEmpty],
  'logic/loop-over-items': [logicLoopOverItems],
  'logic/merge': [logicMerge],
  'logic/noop': [logicNoop],
  'logic/stop-and-error': [logicStopAndError],
  'logic/switch': [logicSwitch],
};
