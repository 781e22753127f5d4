// The `social` category: one folder per node type, each registered here as `social/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { socialFormatPost } from './format-post/index';
import { socialHashtags } from './hashtags/index';
import { socialPublish } from './publish/index';
import { socialSchedulePost } from './schedule-post/index';
import { socialThreadSplit } from './thread-split/index';

export const socialNodes: Record<string, NodeDefinition[]> = {
  'social/format-post': [socialFormatPost],
  'social/hashtags': [socialHashtags],
  'social/publish': [socialPublish],
  'social/schedule-post': [socialSchedulePost],
  'social/thread-split': [socialThreadSplit],
};
