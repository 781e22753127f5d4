// The `creative_ai` category (AI-assisted ideation and copy: prompts, storyboards, ad copy,
// moodboards, style variants), one folder per node type under nodes/creative-ai/.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { creativeAiAdCopy } from './ad-copy/index';
import { creativeAiMoodboard } from './moodboard/index';
import { creativeAiPromptEnhance } from './prompt-enhance/index';
import { creativeAiStoryboard } from './storyboard/index';
import { creativeAiStyleVariants } from './style-variants/index';

export const creativeAiNodes: Record<string, NodeDefinition[]> = {
  'creative-ai/ad-copy': [creativeAiAdCopy],
  'creative-ai/moodboard': [creativeAiMoodboard],
  'creative-ai/prompt-enhance': [creativeAiPromptEnhance],
  'creative-ai/storyboard': [creativeAiStoryboard],
  'creative-ai/style-variants': [creativeAiStyleVariants],
};
