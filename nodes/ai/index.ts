// The `ai` category: one folder per node type, each registered here as `ai/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { aiCaption } from './caption/index';
import { aiChat } from './chat/index';
import { aiClassify } from './classify/index';
import { aiDetectLanguage } from './detect-language/index';
import { aiEmbed } from './embed/index';
import { aiExtract } from './extract/index';
import { aiKeywords } from './keywords/index';
import { aiModerate } from './moderate/index';
import { aiOcr } from './ocr/index';
import { aiRewrite } from './rewrite/index';
import { aiSentiment } from './sentiment/index';
import { aiSummarise } from './summarise/index';
import { aiTranslate } from './translate/index';

export const aiNodes: Record<string, NodeDefinition[]> = {
  'ai/caption': [aiCaption],
  'ai/chat': [aiChat],
  'ai/classify': [aiClassify],
  'ai/detect-language': [aiDetectLanguage],
  'ai/embed': [aiEmbed],
  'ai/extract': [aiExtract],
  'ai/keywords': [aiKeywords],
  'ai/moderate': [aiModerate],
  'ai/ocr': [aiOcr],
  'ai/rewrite': [aiRewrite],
  'ai/sentiment': [aiSentiment],
  'ai/summarise': [aiSummarise],
  'ai/translate': [aiTranslate],
};
