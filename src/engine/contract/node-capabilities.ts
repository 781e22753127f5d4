// What a node may reach of the process: narrow, typed capabilities on its context, built for each
// node execution at the composition root (src/engine/execution/bind-capabilities.ts) — never the
// process's services themselves. A capability this process does not offer is absent; a node that
// needs it fails with a `not_available` (or more specific) NodeError. Pure types.
import type { Providers } from '../../generation/providers/types';
import type { RESULT_REF_KEY, ResultRef } from './result-ref';

/** The provider layer (sandbox runs get the offline providers); a capability nobody serves is absent or refuses. */
export type NodeProviders = Partial<Providers>;

/** The blob store, as nodes write their files into it. */
export interface NodeBlobs {
  newKey(accountId: string, folder: string, name: string): string;
  put(key: string, data: Buffer | Uint8Array | string): Promise<{ key: string; size: number; contentType: string }>;
  putFile?(key: string, sourcePath: string, opts: { keepSource: true }): Promise<{ key: string; size: number; contentType: string }>;
  /** Stores bytes as they come (a download of unknown length), one upload part in memory at most. */
  putStream?(key: string, body: AsyncIterable<Uint8Array>): Promise<{ key: string; size: number; contentType: string }>;
  signedUrl(key: string, ttlSeconds?: number): { url: string; expiresAt: Date };
  verify?(key: string, expires: number, sig: string): boolean;
  localFile?(key: string, scratchPath: string): Promise<string>;
}

/** One connection bound to a node's credentials slot. */
export interface ResolvedCredential {
  connection_id: string;
  provider: string;
  name: string;
  metadata: Record<string, unknown>;
  /** The opened secret: use it for the call, never put it in an output, a log or an error. */
  secret: string;
}

/** This node's own connection secrets: only the slots its spec binds, of its own account. */
export interface CredentialResolver {
  /** The slots this node declares. */
  slots(): string[];
  /** The connection behind `slot`; a missing slot or connection fails the node (not retried). */
  get(slot: string): Promise<ResolvedCredential>;
}

/** Why a child run was not started: the answer the start path gave (HTTP status and message). */
export interface ChildRunRefusal {
  ok: false;
  status: number;
  message: string;
}

/** A run of the node's account, as a node waiting on it sees it. */
export interface NodeRunStatus {
  status: 'queued' | 'running' | 'completed' | 'failed' | 'timed_out' | 'cancelled';
  /** True once the run has ended (completed, failed, timed out or cancelled). */
  finished: boolean;
  error: string | null;
  nodesCompleted: number;
  nodesTotal: number;
}

/** Runs, scoped to the node's account and linked to its run. */
export interface NodeRuns {
  /**
   * Starts a run of `workflowId` as a child of this run and node, through the engine's start path
   * (planner, rate policy, wallet; ancestry bounds recursion, the account's cap of runs in flight
   * applies). A refused start answers `ok: false` with the start path's status and message.
   */
  startChild(req: { workflowId: string; input: Record<string, unknown>; requireActive: boolean }): Promise<{ ok: true; runId: string } | ChildRunRefusal>;
  /** A run of this account (its status and progress). */
  get(runId: string): Promise<NodeRunStatus>;
  /** What a run's nodes emitted: the outputs of the nodes that completed (not skipped), by node id. */
  outputs(runId: string): Promise<Record<string, unknown>>;
  /** How this node's own run was started (its trigger type) and when; undefined when that is not on record. */
  trigger(): Promise<{ type: string; createdAt: Date } | undefined>;
}

/** One chunk of a knowledge document, as search ranks it. */
export interface KnowledgeResult {
  doc_id: string;
  title: string;
  source_url: string | null;
  chunk_index: number;
  text: string;
  score: number;
}

/** Search over the knowledge documents of the node's account. */
export interface NodeKnowledge {
  /** The best chunks of `workflowId`'s documents for `query`; undefined when the workflow is not this account's. */
  search(req: { workflowId: string; query: string; limit: number }): Promise<KnowledgeResult[] | undefined>;
}

export interface NodeCapabilities {
  /** `ATELIER_ALLOW_PRIVATE_NETWORK`: requests may reach loopback and private addresses. */
  allowPrivateNetwork: boolean;
  providers?: NodeProviders;
  blobs?: NodeBlobs;
  /** Resolves the node's credentials slots to the connections its spec binds. */
  credentials?: CredentialResolver;
  runs?: NodeRuns;
  knowledge?: NodeKnowledge;
}

// Output lists written and read item by item (`ctx.items`, nodes with `streams`); the blob-store
// implementation is src/engine/execution/item-streams.ts.

/** A reference to a list stored one item per line. */
export type ListRef = ResultRef & { [RESULT_REF_KEY]: { format: 'ndjson'; items: number } };

/** Writes one output list, item by item. */
export interface ItemWriter {
  /** Adds an item; wait for the promise when there is one (the upload is catching up). */
  write(item: unknown): Promise<void> | undefined;
  /** Items written so far. */
  readonly count: number;
  /** The list as a port value: an array when it stayed short, else a reference to the stored NDJSON. */
  finish(): Promise<unknown[] | ResultRef>;
}

/** A file a streaming node wrote (a CSV, say), as nodes pass files on: its signed URL and what to know of it. */
export interface StreamedFile {
  url: string;
  mime: string;
  size: number;
  expires_at: string;
}

/** What a streaming node's `ctx.items` offers. */
export interface ItemStreams {
  /** The items of a stored list (this run's account only), read and checked as they come; each call reads anew. */
  read(ref: ListRef): AsyncIterable<unknown>;
  /** A writer for the list on output `port` (one per port). */
  writer(port: string): ItemWriter;
  /** Stores a file of the run (`<name>` with its extension) from bytes as they come; its URL is signed for seven days. */
  file(name: string, body: AsyncIterable<Uint8Array>): Promise<StreamedFile>;
}
