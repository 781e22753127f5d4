// The `knowledge` category: one folder per node type, each registered here as `knowledge/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { knowledgeChunkText } from './chunk-text/index';
import { knowledgeExtractText } from './extract-text/index';
import { knowledgeRank } from './rank/index';
import { knowledgeSearch } from './search/index';
import { knowledgeSimilar } from './similar/index';

export const knowledgeNodes: Record<string, NodeDefinition[]> = {
  'knowledge/chunk-text': [knowledgeChunkText],
  'knowledge/extract-text': [knowledgeExtractText],
  'knowledge/rank': [knowledgeRank],
  'knowledge/search': [knowledgeSearch],
  'knowledge/similar': [knowledgeSimilar],
};
