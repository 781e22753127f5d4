// The `developer` category: one folder per node type, each registered here as `developer/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { developerAssert } from './assert/index';
import { developerJsonSchemaValidate } from './json-schema-validate/index';
import { developerJwtSign } from './jwt-sign/index';
import { developerJwtVerify } from './jwt-verify/index';
import { developerSemver } from './semver/index';
import { developerTextDiff } from './text-diff/index';
import { developerTimestamp } from './timestamp/index';
import { developerUuid } from './uuid/index';

export const developerNodes: Record<string, NodeDefinition[]> = {
  'developer/assert': [developerAssert],
  'developer/json-schema-validate': [developerJsonSchemaValidate],
  'developer/jwt-sign': [developerJwtSign],
  'developer/jwt-verify': [developerJwtVerify],
  'developer/semver': [developerSemver],
  'developer/text-diff': [developerTextDiff],
  'developer/timestamp': [developerTimestamp],
  'developer/uuid': [developerUuid],
};
