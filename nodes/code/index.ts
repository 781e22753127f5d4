// The `code` category: one folder per node type, each registered here as `code/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { codeExpression } from './expression/index';
import { codeJavascript } from './javascript/index';
import { codeJsonata } from './jsonata/index';

export const codeNodes: Record<string, NodeDefinition[]> = {
  'code/expression': [codeExpression],
  'code/javascript': [codeJavascript],
  'code/jsonata': [codeJsonata],
};
