// Builds a node execution's capabilities (src/engine/contract/node-capabilities.ts) from the process's
// services: each one narrow and bound to the node's account, run and credentials, so a node never
// holds the database, the Temporal client or another account's anything.
import type { Deps } from '../../deps';
import { providersFor } from '../../generation/pipeline';
import { ApiError } from '../../infra/http/errors';
import { startChildRun } from '../run/child-runs';
import { credentialResolver } from '../connections/resolver';
import { searchKnowledge } from '../knowledge/search';
import type { NodeBlobs, NodeCapabilities, NodeRuns } from '../contract/node-capabilities';
import { FINISHED_STATUSES, getRunRow, nodeRows } from '../run/service';
import { ownedWorkflow } from '../workflow-lookup';

/** Who the node runs for: its account, run and node, whether the run is a sandbox run, the credentials its spec binds. */
export interface NodeScope {
  accountId: string;
  runId: string;
  nodeId: string;
  sandbox: boolean;
  credentials: Record<string, string> | undefined;
}

/** The message an ApiError's body carries, in the documented error shape or the older ones. */
function apiErrorMessage(err: ApiError): string {
  const body = err.body as { error?: { message?: string }; detail?: unknown; message?: string };
  return body.error?.message ?? body.message ?? (typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail ?? body));
}

function runsFor(deps: Deps, scope: NodeScope): NodeRuns {
  return {
    async startChild(req) {
      try {
        const child = await startChildRun(deps, { accountId: scope.accountId, workflowId: req.workflowId, input: req.input, sandbox: scope.sandbox, parent: { runId: scope.runId, nodeId: scope.nodeId }, requireActive: req.requireActive });
        return { ok: true, runId: child.id };
      } catch (err) {
        if (err instanceof ApiError) return { ok: false, status: err.status, message: apiErrorMessage(err) };
        throw err;
      }
    },
    async get(runId) {
      const run = await getRunRow(deps, scope.accountId, runId);
      return { status: run.status, finished: FINISHED_STATUSES.includes(run.status), error: run.error, nodesCompleted: run.nodes_completed, nodesTotal: run.nodes_total };
    },
    async outputs(runId) {
      await getRunRow(deps, scope.accountId, runId);
      const outputs: Record<string, unknown> = {};
      for (const row of await nodeRows(deps, runId)) if (row.ok && !row.skipped) outputs[row.node_id] = row.output;
      return outputs;
    },
    async trigger() {
      const row = await deps.db.selectFrom('runs').select(['trigger_type', 'created_at']).where('id', '=', scope.runId).where('account_id', '=', scope.accountId).executeTakeFirst();
      return row ? { type: row.trigger_type, createdAt: new Date(row.created_at) } : undefined;
    },
  };
}

/** The blob store as nodes write into it: its NodeBlobs methods only, not the store (no listing, no deletes). */
function blobsFor(blobs: Deps['blobs']): NodeBlobs {
  return {
    newKey: (accountId, folder, name) => blobs.newKey(accountId, folder, name),
    put: (key, data) => blobs.put(key, data),
    putStream: (key, body) => blobs.putStream(key, body),
    putFile: (key, sourcePath, opts) => blobs.putFile(key, sourcePath, opts),
    signedUrl: (key, ttlSeconds) => blobs.signedUrl(key, ttlSeconds),
    verify: (key, expires, sig) => blobs.verify(key, expires, sig),
    localFile: (key, scratchPath) => blobs.localFile(key, scratchPath),
  };
}

/** The capabilities of one node execution. */
export function nodeCapabilities(deps: Deps, scope: NodeScope): NodeCapabilities {
  return {
    allowPrivateNetwork: deps.config.allowPrivateNetwork,
    // A sandbox run is never charged, so it never reaches a paid provider either: its nodes get
    // the offline providers, as sandbox keys do on the REST routes.
    providers: providersFor(deps, scope.sandbox),
    blobs: blobsFor(deps.blobs),
    credentials: credentialResolver(deps, scope.accountId, scope.credentials),
    runs: runsFor(deps, scope),
    knowledge: {
      async search(req) {
        try {
          await ownedWorkflow(deps.db, scope.accountId, req.workflowId);
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) return undefined;
          throw err;
        }
        return searchKnowledge(deps, { accountId: scope.accountId, workflowId: req.workflowId, query: req.query, limit: req.limit });
      },
    },
  };
}
