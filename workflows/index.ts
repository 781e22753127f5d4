// The one workflowsPath: every workflow the worker runs is exported from here.
export { ping } from './ping';
export { engineRun } from './engine-run/index';
export { agentRun } from './agent-run';
export { engineMaintenance } from './engine-maintenance';
export { story } from './story';
export { webhookDelivery } from './webhook-delivery';
export { generationJob } from './generation-job';
export { imageBatch } from './image-batch';
export { assetPurge } from './asset-purge';
export { storageAccrual } from './storage-accrual';
export { engineScheduleFire } from './engine-schedule-fire';
export { knowledgeIngest } from './knowledge-ingest';
export { runAnalysis } from './run-analysis';
export { s3Replication } from './s3-replication';
