import os from 'node:os';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';

const params = z.object({});

export const systemInfo: NodeDefinition<typeof params> = {
  type: 'system.info',
  version: 1,
  category: 'system',
  subcategory: 'run',
  name: 'Worker info',
  description: 'Safe facts about the worker that runs the node — Node.js version, platform, architecture, CPU count, memory, load and uptime, time zone and locale — and nothing from the environment (no variables, host names, paths or secrets).',
  tags: ['system', 'diagnostics', 'info'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{node_version, platform, arch, cpus, memory_mb:{total,free,process_rss}, load_avg, uptime_s, time_zone, locale}' }],
  execution: 'local',
  async execute() {
    const opts = Intl.DateTimeFormat().resolvedOptions();
    return {
      output: {
        main: {
          node_version: process.versions.node,
          platform: process.platform,
          arch: process.arch,
          cpus: os.cpus().length,
          memory_mb: { total: Math.round(os.totalmem() / 2 ** 20), free: Math.round(os.freemem() / 2 ** 20), process_rss: Math.round(process.memoryUsage().rss / 2 ** 20) },
          load_avg: os.loadavg().map((l) => Math.round(l * 100) / 100),
          uptime_s: Math.round(process.uptime()),
          time_zone: opts.timeZone,
          locale: opts.locale,
        },
      },
    };
  },
};
