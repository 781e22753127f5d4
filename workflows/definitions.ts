// Signals, queries and updates the workflows handle. Each is declared once beside its product in
// src/ (the API imports it from there) and re-exported here for workflow code.
export { approveSignal, webhookSignal, cancelSignal, engineRunStatusQuery, ENGINE_RUN_SIGNALS } from '../src/engine/contract/signals';
export { storyStepUpdate } from '../src/story/contract/updates';
export { replicateSignal, replicationStatusQuery } from '../src/storage/contract/replication';
