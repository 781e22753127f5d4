import type { Deps } from '../src/deps';
import { createPingActivities } from './ping';
import { createEngineActivities } from './engine';
import { createStoryActivities } from './story';
import { createEngineMaintenanceActivities } from './engine-maintenance';
import { createPlatformWebhookActivities } from './platform-webhooks';
import { createPlatformGenerationActivities } from './platform-generation';
import { createPlatformAssetActivities } from './platform-assets';
import { createStorageActivities } from './storage';
import { createEngineFeatureActivities } from './engine-features';
import { createEngineAgentActivities } from './engine-agent';
import { createEngineKnowledgeActivities } from './engine-knowledge';
import { createProviderJobActivities } from './provider-jobs';
import { createImageBatchActivities } from './image-batch';

/**
 * Every activity the worker registers, built over explicit dependencies so tests can pass their
 * own. Capabilities add their factories here.
 */
export function createActivities(deps: Deps) {
  return {
    ...createPingActivities(deps),
    ...createEngineActivities(deps),
    ...createStoryActivities(deps),
    ...createEngineMaintenanceActivities(deps),
    ...createPlatformWebhookActivities(deps),
    ...createPlatformGenerationActivities(deps),
    ...createPlatformAssetActivities(deps),
    ...createStorageActivities(deps),
    ...createEngineFeatureActivities(deps),
    ...createEngineAgentActivities(deps),
    ...createEngineKnowledgeActivities(deps),
    ...createProviderJobActivities(deps),
    ...createImageBatchActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
