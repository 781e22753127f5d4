import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { notFound } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import { nodeRegistry } from '../catalogue/node-registry';
import { listNodes, nodeDetail, NodeDetail, NodeListView } from '../catalogue/listing';

/** An empty filter (`?category=`, as forms send it) means no filter. */
const Filter = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
const ListQuery = z.object({
  category: Filter,
  subcategory: Filter,
  tag: Filter,
});
const NodeParams = z.object({ node_type: z.string().min(1) });

/** GET /v1/nodes, GET /v1/nodes/{node_type}. */
export function nodeCatalogueRoutes(_deps: Deps): Router {
  const router = Router();
  router.get('/nodes', route({ query: ListQuery, response: NodeListView }, ({ query }) => listNodes(nodeRegistry, query)));
  router.get('/nodes/:node_type', route({ params: NodeParams, response: NodeDetail }, ({ params }) => {
    const def = nodeRegistry.get(params.node_type);
    if (!def) throw notFound();
    return nodeDetail(def);
  }));
  return router;
}
