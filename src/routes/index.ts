import type { Router } from 'express';
import type { Deps } from '../deps';
import { billingRoutes } from './billing';
import { fileRoutes } from './files';
import { healthRoutes } from './health';
import { systemRoutes } from './system';

/** Routes that need no API key; mounted at the root. Capabilities add theirs here. */
export function publicRoutes(deps: Deps): Router[] {
  return [healthRoutes(deps), fileRoutes(deps)];
}

/** Authenticated `/v1` routes; each router's paths are relative to `/v1`. */
export function v1Routes(deps: Deps): Router[] {
  return [billingRoutes(deps), systemRoutes(deps)];
}

/** Authenticated workflow-engine routes, served under `/engine/v1/v1` (and `/engine/v1`). */
export function engineRoutes(_deps: Deps): Router[] {
  return [];
}
