// Every shell example in docs/*.md, run as written against a real stack: the bash blocks of a page
// in order, in one shell per page (so a page's variables carry from block to block), with the
// stack's address in place of localhost:3000 and the suite's S3 server in place of 127.0.0.1:7070.
// Where a page shows an answer (`# → {…}` or `# {"…`) right after a command, the keys it shows
// must be in what the command printed. A block that is not meant to run says so in its info
// string, with a reason: ```bash no-run: <why>.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../src/platform/auth/passwords';
import { startStack, type TestStack } from '../helpers/stack';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const docsDir = join(root, 'docs');

export interface ShellBlock {
  /** 1-based line of the block's first code line in the page. */
  line: number;
  lang: string;
  /** The reason after `no-run:`, when the block is not meant to run. */
  noRun?: string;
  code: string[];
}

/** Fenced blocks whose language is bash, sh or shell. */
export function shellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    const lang = open[1]!;
    if (['bash', 'sh', 'shell'].includes(lang)) {
      const noRun = /^\s+no-run:\s*(.*)$/.exec(open[2]!);
      if (open[2]!.trim() && !noRun) throw new Error(`line ${i + 1}: unknown fence info "${open[2]!.trim()}" (only "no-run: <reason>")`);
      blocks.push({ line: i + 2, lang, noRun: noRun ? noRun[1]!.trim() : undefined, code: lines.slice(i + 1, end) });
    }
    i = end;
  }
  return blocks;
}

/**
 * For each line, whether it starts at the top level of the shell: not inside a quoted string and
 * not continuing the previous line. Only there can a comment be a shown answer.
 */
export function topLevelLines(code: string[]): boolean[] {
  let quote: "'" | '"' | null = null;
  let continued = false;
  return code.map((line) => {
    const top = quote === null && !continued;
    let comment = false;
    for (let i = 0; i < line.length && !comment; i++) {
      const c = line[i]!;
      if (quote === "'") {
        if (c === "'") quote = null;
      } else if (c === '\\') i++;
      else if (quote === '"') {
        if (c === '"') quote = null;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) comment = true;
    }
    const code = comment ? line.slice(0, line.indexOf('#')) : line;
    continued = quote === null && /(\\|\||&&|\|\|)\s*$/.test(comment ? code.trimEnd() : line);
    return top;
  });
}

export interface ShownAnswer {
  /** 1-based line in the page. */
  line: number;
  text: string;
  keys: string[];
}

const answerStart = /^#\s?(→|\{")/;
const answerMore = /^#\s{2,}["{[]/;

/** The script for one page, with a marker printed before each shown answer. */
export function pageScript(blocks: ShellBlock[], rewrite: (line: string) => string): { script: string; answers: ShownAnswer[]; lineMap: number[] } {
  const out: string[] = [];
  const lineMap: number[] = [];
  const answers: ShownAnswer[] = [];
  const emit = (text: string, docLine: number) => {
    out.push(text);
    lineMap.push(docLine);
  };
  for (const block of blocks) {
    if (block.noRun) continue;
    emit(`printf '\\n@@block %d\\n' ${block.line}`, block.line);
    const top = topLevelLines(block.code);
    for (let i = 0; i < block.code.length; i++) {
      const line = block.code[i]!;
      const shown = line.trimStart();
      if (top[i] && answerStart.test(shown)) {
        const first = i;
        while (i + 1 < block.code.length && top[i + 1] && answerMore.test(block.code[i + 1]!.trimStart())) i++;
        const text = block.code.slice(first, i + 1).map((l) => l.trim()).join('\n');
        const keys = [...new Set([...text.matchAll(/"([A-Za-z_$][\w$-]*)"\s*:/g)].map((m) => m[1]!))];
        answers.push({ line: block.line + first, text, keys });
        emit(`printf '\\n@@answer %d\\n' ${answers.length - 1}`, block.line + first);
        for (let j = first; j <= i; j++) emit(block.code[j]!, block.line + j);
        continue;
      }
      emit(rewrite(line), block.line + i);
    }
  }
  return { script: out.join('\n'), answers, lineMap };
}

/** What was printed before each answer marker, since the marker or block start before it. */
export function answerSegments(stdout: string): Map<number, string> {
  const segments = new Map<number, string>();
  let current = '';
  for (const line of stdout.split('\n')) {
    const answer = /^@@answer (\d+)$/.exec(line);
    if (answer) {
      segments.set(Number(answer[1]), current);
      current = '';
    } else if (/^@@block \d+$/.test(line)) current = '';
    else current += line + '\n';
  }
  return segments;
}

const pages = readdirSync(docsDir).filter((f) => f.endsWith('.md')).sort();

let stack: TestStack;
let dir: string;
let temporalCli: string;
beforeAll(async () => {
  // ai.md registers the stdio MCP server its text says the operator allows.
  stack = await startStack({ S3_ENDPOINT: inject('s3Endpoint'), ATELIER_MCP_STDIO_ALLOW: 'npx -y @modelcontextprotocol/server-everything' });
  dir = mkdtempSync(join(tmpdir(), 'atelier-docs-'));
  temporalCli = (await run(join(root, 'temporal-dev.sh'), ['--install'])).stdout.trim();
});

/** Runs a page left running (examples start runs they do not wait for) are cancelled when it ends. */
async function cancelRunsInFlight(key: string): Promise<void> {
  const list = await stack.api<{ data: Array<{ id: string; status: string }> }>('GET', '/engine/v1/v1/runs?limit=200', { key });
  const open = list.body.data.filter((r) => r.status === 'queued' || r.status === 'running');
  await Promise.all(open.map((r) => stack.api('POST', `/engine/v1/v1/runs/${r.id}/cancel`, { key })));
}

const PASSWORD = 'correct horse battery staple';

/** Pages run three at a time: more only makes each slower on a small machine (a stdio MCP server's start then times out). */
const PAGES_AT_ONCE = 3;
let running = 0;
const queued: Array<() => void> = [];
async function inTurn<T>(fn: () => Promise<T>): Promise<T> {
  // A page that ends hands its turn to the next one waiting.
  if (running < PAGES_AT_ONCE) running++;
  else await new Promise<void>((r) => queued.push(r));
  try {
    return await fn();
  } finally {
    const next = queued.shift();
    if (next) next();
    else running--;
  }
}

/**
 * An account of the page's own (its runs and records apart from the other pages'), with a console
 * login (EMAIL, PASSWORD) and one finished run, as a user has.
 */
async function pageAccount(page: string): Promise<{ key: string; email: string }> {
  const { key, accountId } = await stack.newAccount();
  const email = `${page.replace(/\.md$/, '')}-${accountId.slice(-6)}@docs.example`.toLowerCase();
  await stack.atelier.deps.db.updateTable('accounts').set({ email, password_hash: await hashPassword(PASSWORD) }).where('id', '=', accountId).execute();
  const wf = await stack.api('POST', '/engine/v1/v1/workflows', { key, body: JSON.parse(readFileSync(join(root, 'examples/hello.json'), 'utf8')) });
  const started = await stack.api('POST', '/engine/v1/v1/runs', { key, body: { workflow_id: wf.body.id, input: { name: 'Ada' } } });
  await stack.api('GET', `/engine/v1/v1/runs/${started.body.run_id}/events`, { key });
  return { key, email };
}

afterAll(async () => {
  await stack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the examples in docs/', () => {
  it('every shell block is tagged bash/sh and a no-run block says why', () => {
    for (const page of pages) {
      for (const block of shellBlocks(readFileSync(join(docsDir, page), 'utf8'))) {
        if (block.noRun !== undefined) expect(block.noRun.length, `${page}:${block.line}`).toBeGreaterThan(10);
      }
    }
  });

  for (const page of pages) {
    const blocks = shellBlocks(readFileSync(join(docsDir, page), 'utf8')).filter((b) => !b.noRun);
    if (!blocks.length) continue;
    it.concurrent(`${page} runs as written`, { timeout: 400_000 }, () => inTurn(async () => {
      const { key, email } = await pageAccount(page);
      const work = join(dir, page.replace(/\.md$/, ''));
      mkdirSync(work);
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2e6db0' } }).png().toFile(join(work, 'shoe.png'));
      await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2eb06d' } }).png().toFile(join(work, 'photo.png'));
      writeFileSync(join(work, 'a.txt'), 'hello, docs\n');
      const host = new URL(stack.url).host;
      const s3 = new URL(inject('s3Endpoint')).host;
      const { script, answers, lineMap } = pageScript(blocks, (line) => line.replaceAll('localhost:3000', host).replaceAll('127.0.0.1:7070', s3));
      const prelude = [
        'set -euo pipefail',
        `trap 'echo "@@failed at script line $LINENO: $BASH_COMMAND" >&2' ERR`,
        `cd ${JSON.stringify(work)}`,
        `ln -sf ${JSON.stringify(join(root, 'examples'))} examples`,
        `atelier() { ${JSON.stringify(process.execPath)} --no-node-snapshot ${JSON.stringify(join(root, 'bin/atelier.mjs'))} "$@"; }`,
        `npm() { command npm --prefix ${JSON.stringify(root)} "$@"; }`,
      ];
      const file = join(work, 'page.sh');
      writeFileSync(file, [...prelude, script].join('\n') + '\n');
      const result = await run('bash', [file], {
        env: {
          ...process.env,
          KEY: key,
          ATELIER_URL: stack.url,
          ATELIER_KEY: key,
          ATELIER_API_KEY: key,
          ATELIER_BASE_URL: stack.url,
          ATELIER_CONFIG: join(work, 'none.json'),
          EMAIL: email,
          PASSWORD,
          DATABASE_URL: stack.config.databaseUrl,
          TEMPORAL_ADDRESS: stack.config.temporal.address,
          PATH: `${dirname(temporalCli)}:${process.env.PATH ?? ''}`,
        },
        timeout: 230_000,
        maxBuffer: 64 << 20,
      }).catch(async (err: { stdout?: string; stderr?: string; message: string }) => {
        await cancelRunsInFlight(key);
        const at = /@@failed at script line (\d+)/.exec(err.stderr ?? '') ?? /page\.sh: line (\d+):/.exec(err.stderr ?? '');
        const docLine = at ? lineMap[Number(at[1]) - prelude.length - 1] : undefined;
        throw new Error(`${page}${docLine ? `:${docLine}` : ''} failed: ${err.message}\n${(err.stdout ?? '').slice(-4000)}\n${(err.stderr ?? '').slice(-4000)}`);
      });
      await cancelRunsInFlight(key);
      // DOCS_EXAMPLES_OUT=<dir>: each page's output kept there, to write a page's answers from.
      if (process.env.DOCS_EXAMPLES_OUT) writeFileSync(join(process.env.DOCS_EXAMPLES_OUT, `${page}.out`), result.stdout);
      const segments = answerSegments(result.stdout);
      for (const [i, answer] of answers.entries()) {
        const printed = segments.get(i);
        expect(printed, `${page}:${answer.line} printed nothing before its shown answer`).toBeDefined();
        const missing = answer.keys.filter((k) => !new RegExp(`"${k.replace(/\$/g, '\\$')}"\\s*:`).test(printed!));
        expect(missing, `${page}:${answer.line} shows ${answer.text}\nbut the command printed:\n${printed!.slice(0, 3000)}`).toEqual([]);
      }
    }));
  }
});
