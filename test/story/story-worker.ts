// A worker-only Atelier process for test/story/worker-crash.test.ts: the test SIGKILLs it in the
// middle of step 4 and starts another. Configured entirely from the environment.
import { loadConfig } from '../../src/config';
import { startAtelier } from '../../src/runtime';
import { createActivities } from '../../activities/index';
import { nodeRegistry } from '../../nodes/index';

const bundle = process.env.STORY_TEST_BUNDLE;
const atelier = await startAtelier(loadConfig(process.env), { activities: createActivities, nodes: nodeRegistry, ...(bundle ? { workflowBundle: { codePath: bundle } } : {}) });
process.stdout.write(`ready ${process.pid}\n`);
process.on('SIGTERM', () => {
  void atelier.stop().finally(() => process.exit(0));
});
