// A stand-alone Atelier worker process for the fault test: it takes the test's configuration from
// the environment, starts only the worker role and says "ready" on stdout. The test SIGKILLs it.
import { loadConfig } from '../../../src/config';
import { startAtelier } from '../../../src/runtime';
import { createActivities } from '../../../activities/index';
import { nodeRegistry } from '../../../nodes/index';

const bundlePath = process.env.FAULT_WORKER_BUNDLE;
const config = loadConfig({ ...process.env, ATELIER_ROLE: 'worker' });
startAtelier(config, { activities: createActivities, nodes: nodeRegistry, ...(bundlePath ? { workflowBundle: { codePath: bundlePath } } : {}) }).then(
  () => process.stdout.write('ready\n'),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
