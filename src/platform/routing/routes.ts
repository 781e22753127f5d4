import { Router } from 'express';
import { z } from 'zod';
import { requireAdmin } from '../auth/enforce';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { createDestination, deleteDestination, destinationView, DestinationView, findDestination } from './destinations';
import { assertKeyOwned, createRule, deleteRule, listRules, MAX_RULES_PER_KEY, ruleView, RuleView, updateRule } from './rules';
import { deletedOf, listOf } from '../../infra/http/views';
import { orNotFound } from '../../infra/db/or-not-found';

const keyParams = z.object({ key_id: z.string().min(1) });
const ruleParams = z.object({ key_id: z.string().min(1), rule_id: z.string().min(1) });
const modelPattern = z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9._:/@*?-]+$/, 'model patterns use letters, digits, . _ : / @ - and the globs * ?');
const priority = z.number().int().min(0).max(100_000);

const createBody = z.object({
  modelPattern,
  destinationId: z.string().uuid(),
  pathTemplate: z.string().nullable().default(null),
  priority: priority.default(100),
});
const patchBody = z.object({
  modelPattern: modelPattern.optional(),
  destinationId: z.string().uuid().optional(),
  pathTemplate: z.string().nullable().optional(),
  clearPathTemplate: z.boolean().optional(),
  priority: priority.optional(),
});

const RuleListView = z.object({ rules: z.array(RuleView).describe('In evaluation order'), limits: z.object({ max_rules: z.number().int() }) });

const destinationBody = z.object({
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['internal', 's3']),
  prefix: z.string().max(200).optional(),
  bucket: z.string().min(1).max(255).optional(),
  region: z.string().min(1).max(64).optional(),
  endpoint: z.string().min(1).max(2048).optional(),
  access_key_id: z.string().min(1).max(256).optional(),
  secret_access_key: z.string().min(1).max(512).optional(),
});

/** Per-key routing rules and the account's output destinations; relative to /v1. */
export function routingRoutes(deps: Deps): Router {
  const router = Router();
  const db = deps.db;

  router.get(
    '/auth/keys/:key_id/output-rules',
    route({ params: keyParams, response: RuleListView }, async ({ auth, params }) => {
      await assertKeyOwned(db, auth.accountId, params.key_id);
      return { rules: (await listRules(db, auth.accountId, params.key_id)).map(ruleView), limits: { max_rules: MAX_RULES_PER_KEY } };
    }),
  );
  router.post(
    '/auth/keys/:key_id/output-rules',
    route({ params: keyParams, body: createBody, status: 201, response: RuleView }, async ({ auth, params, body }) => {
      requireAdmin(auth, 'Changing output routing rules');
      return ruleView(await createRule(db, auth.accountId, params.key_id, body));
    }),
  );
  router.patch(
    '/auth/keys/:key_id/output-rules/:rule_id',
    route({ params: ruleParams, body: patchBody, response: RuleView }, async ({ auth, params, body }) => {
      requireAdmin(auth, 'Changing output routing rules');
      return ruleView(await updateRule(db, auth.accountId, params.key_id, params.rule_id, body));
    }),
  );
  router.delete(
    '/auth/keys/:key_id/output-rules/:rule_id',
    route({ params: ruleParams, response: deletedOf('output_rule') }, async ({ auth, params }) => {
      requireAdmin(auth, 'Changing output routing rules');
      await deleteRule(db, auth.accountId, params.key_id, params.rule_id);
      return { id: params.rule_id, object: 'output_rule' as const, deleted: true as const };
    }),
  );

  router.get(
    '/output-destinations',
    route({ response: listOf(DestinationView) }, async ({ auth }) => ({
      object: 'list' as const,
      data: (await db.selectFrom('output_destinations').selectAll().where('account_id', '=', auth.accountId).orderBy('created_at', 'asc').execute()).map(destinationView),
    })),
  );
  router.post(
    '/output-destinations',
    route({ body: destinationBody, status: 201, response: DestinationView }, async ({ auth, body }) => {
      requireAdmin(auth, 'Creating output destinations');
      return destinationView(await createDestination(deps, auth.accountId, body));
    }),
  );
  router.get(
    '/output-destinations/:id',
    route({ params: z.object({ id: z.string() }), response: DestinationView }, async ({ auth, params }) => {
      const dest = await orNotFound(findDestination(db, auth.accountId, params.id));
      return destinationView(dest);
    }),
  );
  router.delete(
    '/output-destinations/:id',
    route({ params: z.object({ id: z.string() }), response: deletedOf('output_destination') }, async ({ auth, params }) => {
      requireAdmin(auth, 'Deleting output destinations');
      await deleteDestination(deps, auth.accountId, params.id);
      return { id: params.id, object: 'output_destination' as const, deleted: true as const };
    }),
  );
  return router;
}
