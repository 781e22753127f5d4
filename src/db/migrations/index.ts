import type { Migration } from 'kysely';
import * as foundation from './2026-11-21T0000-foundation';
import * as engineWorkflows from './2026-11-21T0100-engine-workflows';
import * as engineRuns from './2026-11-21T0110-engine-runs';
import * as platformAccess from './2026-11-21T0400-platform-access';
import * as story from './2026-11-21T0400-story';
import * as platformBilling from './2026-11-21T0410-platform-billing';

/**
 * Every migration, in order. Names are frozen once released; add new ones at the end with a
 * later timestamp (`src/db/migrations/<ISO8601>-<name>.ts`).
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0000-foundation': foundation,
  '2026-11-21T0100-engine-workflows': engineWorkflows,
  '2026-11-21T0110-engine-runs': engineRuns,
  '2026-11-21T0400-platform-access': platformAccess,
  '2026-11-21T0400-story': story,
  '2026-11-21T0410-platform-billing': platformBilling,
};
