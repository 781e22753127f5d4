import type { Router } from 'express';
import type { Deps } from '../deps';
import { billingRoutes } from './billing';
import { keyRoutes } from '../auth/routes';
import { consoleRoutes } from '../console/routes';
import { tierRoutes } from '../tiers/routes';
import { fileRoutes } from './files';
import { healthRoutes } from './health';
import { systemRoutes } from './system';
import { workflowRoutes } from '../engine/routes/workflows';
import { nodeCatalogueRoutes } from '../engine/routes/nodes';
import { runRoutes } from '../engine/routes/runs';
import { storyRoutes } from '../story/routes';
import { billingPublicRoutes, walletRoutes } from '../billing/routes';
import { webhookRoutes } from '../webhooks/routes';
import { generationRoutes } from '../generation/routes';
import { routingRoutes } from '../routing/routes';
import { assetRoutes } from '../assets/routes';

/** Routes that need no API key; mounted at the root. Capabilities add theirs here. */
export function publicRoutes(deps: Deps): Router[] {
  return [healthRoutes(deps), fileRoutes(deps), consoleRoutes(deps), billingPublicRoutes()];
}

/** Authenticated `/v1` routes; each router's paths are relative to `/v1`. */
export function v1Routes(deps: Deps): Router[] {
  return [billingRoutes(deps), systemRoutes(deps), keyRoutes(deps), tierRoutes(deps), storyRoutes(deps), walletRoutes(deps), webhookRoutes(deps), generationRoutes(deps), routingRoutes(deps), assetRoutes(deps)];
}

/** Authenticated workflow-engine routes, served under `/engine/v1/v1` (and `/engine/v1`). */
export function engineRoutes(deps: Deps): Router[] {
  return [workflowRoutes(deps), nodeCatalogueRoutes(deps), runRoutes(deps)];
}
