// src/main.ts with a prebuilt workflow bundle (ATELIER_CHAOS_WORKFLOW_BUNDLE): the chaos bench and
// test restart Atelier many times, and webpack-bundling the workflows on every start would be most
// of each restart. Everything else — config from the environment, API + worker — is main.ts's.
import { createActivities } from '../../activities/index';
import { nodeRegistry } from '../../nodes/index';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/infra/logging/logger';
import { startAtelier } from '../../src/runtime';

const codePath = process.env.ATELIER_CHAOS_WORKFLOW_BUNDLE;
if (!codePath) throw new Error('ATELIER_CHAOS_WORKFLOW_BUNDLE is not set');
const config = loadConfig();
const logger = createLogger(config.logLevel, { role: config.role });
const atelier = await startAtelier(config, { logger, activities: createActivities, nodes: nodeRegistry, workflowBundle: { codePath } });
console.log(`Atelier is up (pid ${process.pid}, ${config.publicBaseUrl})`);
process.on('SIGTERM', () => {
  void atelier.stop().finally(() => process.exit(0));
});
