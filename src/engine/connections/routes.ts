// GET/POST /v1/connections, DELETE /v1/connections/{id}, POST /v1/connections/{id}/test.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { ConnectionDeletedView, ConnectionListView, ConnectionView, createConnection, deleteConnection, listConnections, ownedConnection } from './service';
import { ConnectionTestResult, testConnection } from './test-connection';

const Body = z.object({
  provider: z.string().trim().min(1).max(64).regex(/^[a-z0-9_.-]+$/, 'provider is lower-case letters, digits, "_", "." or "-"'),
  name: z.string().trim().min(1).max(200),
  secret: z.string().min(1).max(16_384),
  metadata: z.record(z.string(), z.unknown()).default({}),
});
const Params = z.object({ connection_id: z.string().min(1) });
const ListQuery = z.object({ provider: z.string().min(1).optional() });

export function connectionRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/connections', route({ query: ListQuery, response: ConnectionListView }, ({ auth, query }) => listConnections(deps, auth.accountId, query)));
  router.post('/connections', route({ body: Body, status: 201, response: ConnectionView }, ({ auth, body }) => createConnection(deps, auth.accountId, body)));
  router.delete('/connections/:connection_id', route({ params: Params, response: ConnectionDeletedView }, ({ auth, params }) => deleteConnection(deps, auth.accountId, params.connection_id)));
  router.post('/connections/:connection_id/test', route({ params: Params, response: ConnectionTestResult }, async ({ auth, params }) => {
    const row = await ownedConnection(deps, auth.accountId, params.connection_id);
    const result = await testConnection(deps, row);
    await deps.db.updateTable('engine_connections').set({ last_tested_at: new Date(), last_test_valid: result.valid }).where('id', '=', row.id).execute();
    return result;
  }));
  return router;
}
