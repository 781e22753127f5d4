// Shared by the AI tests: the published MCP "everything" server (stdio or streamable HTTP), agent
// specs, and reading a run's agent steps.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { TestStack } from '../../helpers/stack';
import { freePort } from '../../../bench/lib/free-port';

/** The entry point of @modelcontextprotocol/server-everything (`node <it> stdio|streamableHttp`). */
export const EVERYTHING = join(process.cwd(), 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');


/** Starts the everything server's streamable HTTP transport on a free loopback port. */
export async function startEverythingHttp(): Promise<{ url: string; child: ChildProcess; stop(): void }> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 60_000);
      const onData = (d: Buffer) => {
        err += d.toString();
        if (err.includes('listening on port')) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stderr!.on('data', onData);
      child.stdout!.resume();
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (ready) return { url: `http://127.0.0.1:${port}/mcp`, child, stop: () => child.kill('SIGKILL') };
    child.kill('SIGKILL');
    if (attempt >= 2) throw new Error(`the MCP everything server did not start: ${err.slice(-1000)}`);
  }
}

export const agentSpec = (params: Record<string, unknown>) => ({
  nodes: [
    { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
    { id: 'agent', type: 'agent.run', position: [200, 0], params },
  ],
  edges: [{ id: 'e1', source: 'start', target: 'agent' }],
  trigger: { type: 'manual', config: {} },
});

/** The agent node's node_output events that carry a step, in order. */
export async function agentStepEvents(stack: TestStack, runId: string): Promise<Array<{ step: number; output: { agent_step: Record<string, unknown> } }>> {
  const rows = await stack.atelier.deps.db.selectFrom('run_events').selectAll().where('run_id', '=', runId).where('type', '=', 'node_output').orderBy('seq').execute();
  return rows.map((r) => r.data as { step?: number; output: { agent_step: Record<string, unknown> } }).filter((d): d is { step: number; output: { agent_step: Record<string, unknown> } } => typeof d.step === 'number');
}
