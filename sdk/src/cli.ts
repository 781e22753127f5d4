// `atelier`: the command line over the TypeScript SDK (shipped in the SDK package as its `atelier`
// bin; `atelier --help` lists the commands, `atelier <command> --help` shows one).
//
// The key comes from --api-key, ATELIER_API_KEY, or the config file ($ATELIER_CONFIG or
// ~/.config/atelier/config.json: {"api_key": "...", "base_url": "..."}). `--follow` draws live
// progress on a terminal (a line per node or story step with its state, elapsed time and cost,
// as wide as the terminal) and prints plain lines when the output is not a terminal. Specs may leave
// out node positions (laid out left to right) and runs their input (sent as `{}`). Exit codes:
// 0 completed, 1 failed, 2 usage or request error, 3 cancelled, 4 timed out.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Atelier, AtelierConnectionError, AtelierError, type RunEvent, type StoryEvent } from './index.js';
import { withPositions } from './layout.js';

export interface Io {
  out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  err: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  /** Where a confirmation is read from (only when it is a terminal). */
  in?: NodeJS.ReadableStream & { isTTY?: boolean };
}

const EXIT = { completed: 0, failed: 1, usage: 2, cancelled: 3, timed_out: 4 } as const;

class UsageError extends Error {}

interface Parsed {
  positional: string[];
  flags: Record<string, string | boolean>;
}

function parseArgs(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      const boolean = ['follow', 'json', 'help', 'yes'].includes(name);
      if (inline !== undefined) flags[name] = inline;
      else if (boolean) flags[name] = true;
      else {
        const value = argv[++i];
        if (value === undefined) throw new UsageError(`--${name} needs a value`);
        flags[name] = value;
      }
    } else if (a === '-h') flags.help = true;
    else if (a === '-y') flags.yes = true;
    else positional.push(a);
  }
  return { positional, flags };
}

function readConfig(env: NodeJS.ProcessEnv): { api_key?: string; base_url?: string } {
  const path = env.ATELIER_CONFIG ?? join(homedir(), '.config', 'atelier', 'config.json');
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { api_key?: string; base_url?: string };
  } catch {
    return {};
  }
}

/** `@file.json` reads a file, anything else is JSON text. */
function jsonArg(value: string, what: string): unknown {
  const text = value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${what} is not valid JSON: ${(err as Error).message}`);
  }
}

const usd = (n: unknown) => `$${(typeof n === 'number' ? n : 0).toFixed(4)}`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

/** Live progress: redrawn in place on a terminal, one plain line per change otherwise. */
class Progress {
  private rows = new Map<string, { state: string; started: number; ended?: number; cost: number; note?: string }>();
  private drawn = 0;
  private timer: NodeJS.Timeout | undefined;
  private totalCost = 0;
  constructor(private readonly io: Io, private readonly title: string, private readonly started = Date.now()) {
    if (this.tty) this.timer = setInterval(() => this.draw(), 200);
  }
  get tty() { return Boolean(this.io.out.isTTY); }
  update(id: string, state: string, patch: { cost?: number; note?: string } = {}) {
    const row = this.rows.get(id) ?? { state, started: Date.now(), cost: 0 };
    const previous = row.state;
    row.state = state;
    if (state !== 'running' && row.ended === undefined) row.ended = Date.now();
    if (patch.cost) { row.cost += patch.cost; this.totalCost += patch.cost; }
    if (patch.note !== undefined) row.note = patch.note;
    const changed = !this.rows.has(id) || previous !== state;
    this.rows.set(id, row);
    if (this.tty) this.draw();
    // In a pipe, one line per state change (a node's output arriving is not one).
    else if (changed) this.io.out.write(`${id} ${state}${row.ended ? ` ${secs(row.ended - row.started)}` : ''}${row.cost ? ` ${usd(row.cost)}` : ''}${row.note ? ` ${row.note}` : ''}\n`);
  }
  finish(line: string) {
    if (this.timer) clearInterval(this.timer);
    if (this.tty) this.draw();
    this.io.out.write(`${line}\n`);
  }
  private draw() {
    // As wide as the terminal is now (Node updates `columns` on resize); one column short of it so a
    // full line never wraps and breaks the redraw.
    const width = Math.max(20, (this.io.out.columns || 80) - 1);
    const icon: Record<string, string> = { running: '⠿', completed: '✔', failed: '✖', skipped: '↷', waiting: '…' };
    const idWidth = Math.min(Math.max(8, ...[...this.rows.keys()].map((id) => id.length)), Math.max(8, Math.floor(width / 3)));
    const fit = (line: string) => (line.length > width ? `${line.slice(0, width - 1)}…` : line);
    const lines = [fit(`${this.title}  ${secs(Date.now() - this.started)}  ${usd(this.totalCost)}`)];
    for (const [id, r] of this.rows) {
      const elapsed = (r.ended ?? Date.now()) - r.started;
      const bar = r.state === 'running' ? '▰'.repeat(1 + (Math.floor(elapsed / 200) % 10)).padEnd(10, '▱') : r.state === 'completed' ? '▰'.repeat(10) : '▱'.repeat(10);
      const name = id.length > idWidth ? `${id.slice(0, idWidth - 1)}…` : id.padEnd(idWidth);
      lines.push(fit(`${icon[r.state] ?? ' '} ${name} ${bar} ${r.state.padEnd(9)} ${secs(elapsed).padStart(6)} ${r.cost ? usd(r.cost) : ''}${r.note ? `  ${r.note}` : ''}`.trimEnd()));
    }
    // Move up over the previous frame and redraw it.
    if (this.drawn) this.io.out.write(`\x1b[${this.drawn}F`);
    this.io.out.write(lines.map((l) => `\x1b[2K${l}`).join('\n') + '\n');
    this.drawn = lines.length;
  }
}

async function followRun(sdk: Atelier, io: Io, runId: string, json: boolean): Promise<number> {
  const progress = json ? undefined : new Progress(io, `run ${runId}`);
  let status = 'failed';
  for await (const e of sdk.runs.follow(runId)) {
    if (json) io.out.write(`${JSON.stringify(e)}\n`);
    else renderRunEvent(progress!, e);
    if (e.type === 'run_finished') status = String(e.data.status);
  }
  if (progress) {
    const run = await sdk.runs.get(runId).catch(() => undefined);
    progress.finish(`run ${runId} ${status}${run ? ` (${usd(run.usd_charged)})` : ''}${run?.error ? `: ${run.error}` : ''}`);
  }
  return EXIT[status as keyof typeof EXIT] ?? EXIT.failed;
}

function renderRunEvent(p: Progress, e: RunEvent) {
  const node = String(e.data.node_id ?? '');
  if (e.type === 'node_started') p.update(node, 'running');
  else if (e.type === 'node_output') p.update(node, 'running', { cost: Number(e.data.usd_charged ?? 0) });
  else if (e.type === 'node_completed') {
    const skipped = e.data.skipped === true;
    p.update(node, skipped ? 'skipped' : e.data.ok ? 'completed' : 'failed', { note: typeof e.data.error === 'string' ? e.data.error : undefined });
  }
}

async function followStory(io: Io, events: AsyncGenerator<StoryEvent>, json: boolean, follow: boolean): Promise<number> {
  const progress = json || !follow ? undefined : new Progress(io, 'story');
  let outcome = EXIT.failed as number;
  let last: StoryEvent | undefined;
  for await (const e of events) {
    last = e;
    if (json) io.out.write(`${JSON.stringify(e)}\n`);
    const step = `${e.data.step ?? ''} ${e.data.name ?? ''}`.trim();
    if (progress && e.event === 'step_start') progress.update(step, 'running', { note: typeof e.data.message === 'string' ? e.data.message : undefined });
    if (progress && e.event === 'step_complete') progress.update(step, 'completed', { cost: Number((e.data.result as { usd_charged?: number } | undefined)?.usd_charged ?? 0) });
    if (e.event === 'complete') outcome = EXIT.completed;
  }
  if (!json) {
    const d = last?.data ?? {};
    const line = outcome === EXIT.completed ? `story ${d.story_id} completed: ${d.video_url}` : `story failed: ${JSON.stringify(d)}`;
    if (progress) progress.finish(line);
    else io.out.write(`${line}\n`);
  }
  return outcome;
}

/** A file's spec: a whole create body's `spec`, or the file itself; nodes without a position laid out. */
function specOf(given: unknown): unknown {
  const spec = given && typeof given === 'object' && 'spec' in given ? (given as { spec: unknown }).spec : given;
  return laidOut(spec);
}

/** The spec with every node positioned (the API requires `position`; hand-written specs leave it out). */
function laidOut(spec: unknown): unknown {
  if (!spec || typeof spec !== 'object') return spec;
  const { nodes, edges } = spec as { nodes?: unknown; edges?: unknown };
  if (!Array.isArray(nodes) || !nodes.every((n) => n && typeof n === 'object' && typeof (n as { id?: unknown }).id === 'string')) return spec;
  const links = (Array.isArray(edges) ? edges : []).filter((e): e is { source: string; target: string } =>
    Boolean(e) && typeof e === 'object' && typeof (e as { source?: unknown }).source === 'string' && typeof (e as { target?: unknown }).target === 'string');
  return { ...spec, nodes: withPositions(nodes as Array<{ id: string; position?: unknown }>, links) };
}

/** Asks on a terminal; anywhere else the answer is no (pass --yes). */
async function confirm(io: Io, question: string): Promise<boolean> {
  if (!io.in?.isTTY || !io.out.isTTY) return false;
  const rl = createInterface({ input: io.in, output: io.out });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

async function findWorkflowByName(sdk: Atelier, name: string): Promise<{ id: string } | undefined> {
  for (let offset = 0; ; offset += 200) {
    const page = await sdk.workflows.list({ limit: 200, offset });
    const hit = page.data.find((w) => w.name === name);
    if (hit) return { id: String(hit.id) };
    if (page.data.length < 200) return undefined;
  }
}

/** Exit 0 when the planner accepts the spec, 1 with every issue (one line each) when it does not. */
async function validate(sdk: Atelier, io: Io, file: string, json: boolean): Promise<number> {
  const spec = specOf(jsonArg(`@${file}`, file));
  try {
    const verdict = await sdk.workflows.validate(spec as never);
    io.out.write(json ? `${JSON.stringify(verdict)}\n` : `${file}: valid (${verdict.node_count} nodes, ${verdict.edge_count} edges, hash ${verdict.version_hash})\n`);
    return EXIT.completed;
  } catch (err) {
    if (!(err instanceof AtelierError) || err.status !== 422) throw err;
    if (json) io.out.write(`${JSON.stringify(err.body)}\n`);
    // `loc` starts with body.spec: the author thinks in the file's terms.
    else for (const issue of err.issues) io.out.write(`${file}: ${issue.loc.slice(2).join('.') || '(spec)'}: ${issue.msg}\n`);
    return EXIT.failed;
  }
}

export async function runCli(argv: string[], io: Io): Promise<number> {
  try {
    const { positional, flags } = parseArgs(argv);
    if (positional[0] === 'help') {
      positional.shift();
      flags.help = true;
    }
    const [group, command, ...rest] = positional;
    if (flags.help) {
      const text = helpFor(positional);
      if (text === undefined) throw new UsageError(`no command "${positional.join(' ')}"\n${HELP}`);
      io.out.write(text);
      return EXIT.completed;
    }
    if (!group) {
      io.err.write(HELP);
      return EXIT.usage;
    }
    const config = readConfig(io.env);
    const apiKey = (flags['api-key'] as string | undefined) ?? io.env.ATELIER_API_KEY ?? config.api_key;
    if (!apiKey) throw new UsageError('no API key: set ATELIER_API_KEY, pass --api-key, or write ~/.config/atelier/config.json');
    const sdk = new Atelier({ apiKey, baseUrl: (flags['base-url'] as string | undefined) ?? io.env.ATELIER_BASE_URL ?? config.base_url });
    const json = flags.json === true;
    const print = (value: unknown, human: () => string) => io.out.write(json ? `${JSON.stringify(value)}\n` : `${human()}\n`);

    // `validate` and `simulate` are commands of their own; the rest are `group command`.
    const single = group === 'validate' || group === 'simulate';
    switch (single ? `${group} ` : `${group} ${command ?? ''}`) {
      case 'workflows push': {
        const file = rest[0];
        if (!file) throw new UsageError('usage: atelier workflows push spec.json [--name NAME]');
        const given = jsonArg(`@${file}`, file) as Record<string, unknown>;
        // Either a whole create body ({name, spec, …}) or just a spec.
        const body = 'spec' in given ? { ...given, spec: laidOut(given.spec) } : { name: (given.name as string | undefined) ?? file, spec: laidOut(given) };
        if (typeof flags.name === 'string') body.name = flags.name;
        // Pushing again updates the workflow of that name (or --workflow ID): a new version when
        // the spec changed, the same version when it did not.
        const existing = typeof flags.workflow === 'string' ? { id: flags.workflow } : await findWorkflowByName(sdk, String(body.name));
        if (existing) {
          const before = await sdk.workflows.get(existing.id);
          const wf = await sdk.workflows.update(existing.id, body as never);
          const note = wf.version === before.version ? 'unchanged' : `was ${String(before.version)}`;
          print(wf, () => `workflow ${wf.id} version ${wf.version} (${note})`);
        } else {
          const wf = await sdk.workflows.create(body as never);
          print(wf, () => `workflow ${wf.id} version ${String(wf.version ?? '')} (new)`);
        }
        return EXIT.completed;
      }
      case 'workflows ls': {
        const list = await sdk.workflows.list({ limit: 200 });
        print(list, () => list.data.map((w) => `${w.id}  v${String(w.version).padEnd(4)} ${w.active ? 'active  ' : 'inactive'} ${w.name}`).join('\n') || 'no workflows');
        return EXIT.completed;
      }
      case 'workflows rm': {
        const id = rest[0];
        if (!id) throw new UsageError(`usage: ${COMMANDS['workflows rm']!.usage}`);
        // Look it up first: a wrong id is a 404 before anyone is asked anything.
        const wf = await sdk.workflows.get(id);
        if (flags.yes !== true && !(await confirm(io, `Delete workflow "${wf.name}" (${wf.id}, version ${wf.version})?`))) {
          if (!io.in?.isTTY || !io.out.isTTY) throw new UsageError(`not deleting workflow ${wf.id} without --yes (no terminal to ask on)`);
          io.out.write('not deleted\n');
          return EXIT.failed;
        }
        const deleted = await sdk.workflows.delete(id);
        print(deleted, () => `workflow ${deleted.id} deleted`);
        return EXIT.completed;
      }
      case 'validate ': {
        const file = command ?? rest[0];
        if (!file) throw new UsageError('usage: atelier validate spec.json');
        return await validate(sdk, io, file, json);
      }
      case 'simulate ': {
        const workflowId = command;
        if (!workflowId) throw new UsageError('usage: atelier simulate <workflow_id> [--input @in.json] [--mocks @mocks.json] [--spec spec.json]');
        const body: Record<string, unknown> = { workflow_id: workflowId };
        body.initial_payload = typeof flags.input === 'string' ? jsonArg(flags.input, '--input') : {};
        if (typeof flags.mocks === 'string') body.mocks = jsonArg(flags.mocks, '--mocks');
        if (typeof flags.spec === 'string') body.spec_override = specOf(jsonArg(`@${flags.spec}`, flags.spec));
        const result = await sdk.workflows.simulate(body as never);
        print(result, () => JSON.stringify(result, null, 2));
        return result.status === 'completed' ? EXIT.completed : EXIT.failed;
      }
      case 'runs start': {
        const workflowId = rest[0];
        if (!workflowId) throw new UsageError('usage: atelier runs start <workflow_id> [--input @in.json] [--follow]');
        const input = typeof flags.input === 'string' ? jsonArg(flags.input, '--input') : {};
        const run = await sdk.runs.start({ workflow_id: workflowId, input } as never);
        if (!flags.follow) {
          print(run, () => `run ${run.run_id} ${run.status}`);
          return EXIT.completed;
        }
        if (!json) io.out.write(`run ${run.run_id} started\n`);
        return await followRun(sdk, io, run.run_id, json);
      }
      case 'runs follow': {
        const runId = rest[0];
        if (!runId) throw new UsageError('usage: atelier runs follow <run_id>');
        return await followRun(sdk, io, runId, json);
      }
      case 'runs outputs': {
        const runId = rest[0];
        if (!runId) throw new UsageError('usage: atelier runs outputs <run_id> [--node NODE_ID]');
        const run = await sdk.runs.get(runId);
        const outputs = (run.node_outputs ?? {}) as Record<string, unknown>;
        const node = flags.node as string | undefined;
        if (node !== undefined && !(node in outputs)) throw new UsageError(`run ${runId} has no output for node "${node}" (nodes with outputs: ${Object.keys(outputs).join(', ') || 'none'})`);
        const picked = node === undefined ? outputs : outputs[node];
        io.out.write(`${JSON.stringify(picked, null, json ? undefined : 2)}\n`);
        return EXIT.completed;
      }
      case 'runs get': {
        const runId = rest[0];
        if (!runId) throw new UsageError(`usage: ${COMMANDS['runs get']!.usage}`);
        const run = await sdk.runs.get(runId);
        print(run, () => describeRun(run));
        return EXIT.completed;
      }
      case 'runs cancel': {
        const runId = rest[0];
        if (!runId) throw new UsageError(`usage: ${COMMANDS['runs cancel']!.usage}`);
        const answer = await sdk.runs.cancel(runId);
        print(answer, () => `run ${answer.run_id} ${answer.status === 'running' || answer.status === 'queued' ? 'cancelling' : answer.status}`);
        return EXIT.completed;
      }
      case 'runs ls': {
        // The API lists newest first without a status filter: --status picks among the runs listed.
        const page = await sdk.runs.list({ limit: flags.limit === undefined ? undefined : Number(flags.limit) });
        const list = flags.status === undefined ? page : { ...page, data: page.data.filter((r) => r.status === flags.status) };
        print(list, () => list.data.map((r) => `${r.run_id}  ${r.status.padEnd(10)} ${r.workflow_id}  ${r.created_at}`).join('\n') || 'no runs');
        return EXIT.completed;
      }
      case 'story generate': {
        const prompt = rest.join(' ');
        if (!prompt) throw new UsageError('usage: atelier story generate "prompt" [--follow]');
        const body: Record<string, unknown> = { prompt };
        if (flags.scenes) body.num_scenes = Number(flags.scenes);
        if (flags.duration) body.duration = Number(flags.duration);
        return await followStory(io, sdk.story.generate(body as never), json, flags.follow === true);
      }
      case 'keys ls': {
        const keys = await sdk.keys.list();
        print(keys, () => keys.data.map((k) => `${k.id}  ${k.prefix.padEnd(20)} ${String(k.type ?? '').padEnd(9)} ${k.name}`).join('\n') || 'no keys');
        return EXIT.completed;
      }
      default:
        throw new UsageError(`unknown command "${positional.join(' ')}"\n${HELP}`);
    }
  } catch (err) {
    if (err instanceof UsageError) io.err.write(`atelier: ${err.message}\n`);
    else if (err instanceof AtelierConnectionError) io.err.write(`atelier: ${err.message}\n  (is the server running there? set --base-url, ATELIER_BASE_URL or base_url in the config file)\n`);
    else if (err instanceof AtelierError) io.err.write(`atelier: ${err.message}${err.requestId ? ` (request ${err.requestId})` : ''}\n`);
    else io.err.write(`atelier: ${(err as Error).message}\n`);
    return EXIT.usage;
  }
}

interface CommandHelp { usage: string; summary: string; details?: string }

/** Every command: its usage line, a summary for the list, and what `atelier <command> --help` adds. */
const COMMANDS: Record<string, CommandHelp> = {
  'workflows push': {
    usage: 'atelier workflows push spec.json [--name NAME] [--workflow ID]',
    summary: 'create a workflow, or a new version of the one of that name (or ID)',
    details: 'The file is a spec ({trigger, nodes, edges}) or a whole create body ({name, spec, description, tags}).\nNodes without a position are laid out left to right. Pushing an unchanged spec keeps the version.',
  },
  'workflows ls': { usage: 'atelier workflows ls', summary: 'list the workflows (id, version, active, name)' },
  'workflows rm': {
    usage: 'atelier workflows rm <workflow_id> [--yes]',
    summary: 'delete a workflow (asks on a terminal; --yes to skip)',
    details: 'Without --yes it asks for confirmation when stdin and stdout are a terminal, and refuses (exit 2) otherwise.',
  },
  validate: {
    usage: 'atelier validate spec.json',
    summary: "the planner's verdict without saving (exit 1 with one line per issue)",
    details: 'Each issue is printed as <file>: <where in the spec>: <message>.',
  },
  simulate: {
    usage: 'atelier simulate <workflow_id> [--input @in.json] [--mocks @mocks.json] [--spec spec.json]',
    summary: 'a dry run with mocked nodes: nothing is charged',
    details: '--mocks maps node ids to {output}. --spec runs another spec under the workflow. No --input sends {}.',
  },
  'runs start': {
    usage: "atelier runs start <workflow_id> [--input @in.json | --input '{\"a\":1}'] [--follow]",
    summary: 'start a run (--follow: live progress until it ends)',
    details: 'No --input sends input {}. With --follow the exit code is the run\'s: 0 completed, 1 failed, 3 cancelled, 4 timed out.',
  },
  'runs follow': { usage: 'atelier runs follow <run_id>', summary: "a run's live progress until it ends (exit code as runs start --follow)" },
  'runs get': { usage: 'atelier runs get <run_id>', summary: "a run's status, timing, cost, error and nodes" },
  'runs cancel': { usage: 'atelier runs cancel <run_id>', summary: 'cancel a queued or running run (a finished one answers 409)' },
  'runs outputs': { usage: 'atelier runs outputs <run_id> [--node NODE_ID]', summary: "a run's node outputs as JSON (one node's with --node)" },
  'runs ls': { usage: 'atelier runs ls [--limit N] [--status STATUS]', summary: 'the newest runs (STATUS filters among the N listed)' },
  'story generate': {
    usage: 'atelier story generate "prompt" [--follow] [--scenes N] [--duration SECONDS]',
    summary: 'generate a story video (--follow: live progress per step)',
  },
  'keys ls': { usage: 'atelier keys ls', summary: "the account's API keys (prefixes only)" },
};

const OPTIONS = `Options (every command):
  --json        machine-readable output (one JSON object per line when following)
  --api-key     or ATELIER_API_KEY, or ~/.config/atelier/config.json {"api_key", "base_url"}
  --base-url    or ATELIER_BASE_URL (default http://localhost:3000)
  --help, -h    this help; atelier <command> --help for one command

Exit codes: 0 completed, 1 failed, 2 usage or request error, 3 cancelled, 4 timed out.
`;

const HELP = `atelier — the Atelier API from the command line

${Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.summary}`).join('\n')}

${OPTIONS}`;

/** Help for `atelier [group [command]] --help`: everything, a group's commands, or one command. */
function helpFor(words: string[]): string | undefined {
  if (words.length === 0) return HELP;
  const one = COMMANDS[words.slice(0, 2).join(' ')] ?? COMMANDS[words[0]!];
  if (one) return `usage: ${one.usage}\n\n${one.summary}\n${one.details ? `\n${one.details}\n` : ''}\n${OPTIONS}`;
  const group = Object.entries(COMMANDS).filter(([name]) => name.startsWith(`${words[0]} `));
  if (group.length === 0) return undefined;
  return `atelier ${words[0]} — ${group.length} commands\n\n${group.map(([, c]) => `  ${c.usage}\n      ${c.summary}`).join('\n')}\n\n${OPTIONS}`;
}

type RunView = Awaited<ReturnType<Atelier['runs']['get']>>;

/** `runs get` for a person: the run, then one line per node that ran. */
function describeRun(run: RunView): string {
  const took = run.started_at && run.finished_at ? ` in ${secs(Date.parse(run.finished_at) - Date.parse(run.started_at))}` : '';
  const lines = [
    `run ${run.run_id} ${run.status}${took}`,
    `  workflow  ${run.workflow_id} v${run.version} (${run.trigger_type})`,
    `  created   ${run.created_at}${run.finished_at ? `  finished ${run.finished_at}` : ''}`,
    `  nodes     ${run.nodes_completed}/${run.nodes_total}${run.current_node ? `  now at ${run.current_node}` : ''}`,
    `  charged   ${usd(run.usd_charged)}${run.usd_cap !== null ? ` of ${usd(run.usd_cap)}` : ''}`,
  ];
  if (run.error) lines.push(`  error     ${run.error}`);
  for (const [id, n] of Object.entries(run.node_outputs ?? {})) {
    const state = n.skipped ? 'skipped' : n.ok ? 'completed' : 'failed';
    lines.push(`    ${id}  ${state}  ${secs(n.duration_ms)}${n.usd_charged ? `  ${usd(n.usd_charged)}` : ''}${n.error ? `  ${n.error}` : ''}`);
  }
  return lines.join('\n');
}
