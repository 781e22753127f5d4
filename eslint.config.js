// Flat config. Four rules matter most here: promises are never left floating, workflow code
// stays deterministic (no Node built-ins, no runtime imports of I/O code), the layers point one
// way — src/ never imports the worker's faces (activities/, workflows/) nor nodes/ — and nodes
// reach src/ only through the node SDK; see docs/ARCHITECTURE.md.
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'fs', 'fs/promises', 'path', 'os', 'crypto', 'http', 'https', 'net', 'dns', 'child_process',
  'worker_threads', 'stream', 'zlib', 'timers', 'process', 'url', 'util', 'events', 'cluster',
];

const root = dirname(fileURLToPath(import.meta.url));
const faces = ['activities', 'workflows'].map((f) => join(root, f));

/** The src/ folders whose files run inside the workflow sandbox (imported by workflow code at run time). */
const sandboxHomes = ['src/engine/contract', 'src/story/contract', 'src/storage/contract', 'src/engine/node-sdk/workflow', 'src/infra/temporal/workflow-ref.ts'];
/** A home is a folder, or one file (`.ts`). */
const homeFiles = (h) => (h.endsWith('.ts') ? h : `${h}/**/*.ts`);
const sandboxDirs = sandboxHomes.map((h) => join(root, h));
/** Packages sandboxed code may load: Temporal's workflow-side APIs, deterministic by design. */
const sandboxPackages = ['@temporalio/workflow', '@temporalio/common'];

const typeOnly = (node) =>
  node.importKind === 'type' || node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/**
 * In a sandbox home, a value import must stay in a sandbox home (or be one of sandboxPackages):
 * anything else would run inside the workflow sandbox. Type-only imports may point anywhere.
 */
const sandboxImports = {
  meta: { type: 'problem', schema: [], messages: { outside: "Sandboxed code (runs inside workflows) may import '{{spec}}' for types only: value imports stay in {{homes}}." } },
  create(context) {
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || typeOnly(node)) return;
      const allowed = spec.startsWith('.')
        ? sandboxDirs.some((d) => { const target = resolve(dirname(context.filename), spec); return target === d || `${target}.ts` === d || target.startsWith(d + sep); })
        : sandboxPackages.includes(spec);
      if (!allowed) context.report({ node, messageId: 'outside', data: { spec, homes: sandboxHomes.join(', ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** Resolves each relative import and refuses one that lands in a worker face (activities/, workflows/). */
const noUpwardFaces = {
  meta: { type: 'problem', schema: [], messages: { upward: "src/ must not import '{{face}}/': move the logic into src/<capability>/ and let the face wire it in." } },
  create(context) {
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(context.filename), spec);
      const face = faces.find((f) => target === f || target.startsWith(f + sep));
      if (face) context.report({ node, messageId: 'upward', data: { face: relative(root, face) } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const nodesDir = join(root, 'nodes');
const srcDir = join(root, 'src');
const sdkDir = join(root, 'src/engine/node-sdk');
const inside = (target, dir) => target === dir || target.startsWith(dir + sep);
/** Resolves a relative import of the linted file; undefined for a package. */
const importTarget = (context, spec) => (typeof spec === 'string' && spec.startsWith('.') ? resolve(dirname(context.filename), spec) : undefined);
const importVisitors = (check) => ({ ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check });

/** nodes/ reaches src/ only through the node SDK (src/engine/node-sdk, and its sandbox side). */
const nodeSdkDoor = {
  meta: { type: 'problem', schema: [], messages: { door: "Nodes import src/ only through the node SDK (src/engine/node-sdk): '{{spec}}' is behind the door. Export what nodes need from the SDK, or give them a capability on the context." } },
  create(context) {
    return importVisitors((node) => {
      const target = importTarget(context, node.source?.value);
      if (target && inside(target, srcDir) && !inside(target, sdkDir)) context.report({ node, messageId: 'door', data: { spec: node.source.value } });
    });
  },
};

/** src/ never imports nodes/: the composition root hands the node registry in. */
const noNodes = {
  meta: { type: 'problem', schema: [], messages: { nodes: "src/ must not import '{{spec}}': nodes/ is handed in by the composition root (startAtelier's `nodes`), and what nodes share with src/ lives in src/ behind the node SDK." } },
  create(context) {
    return importVisitors((node) => {
      const target = importTarget(context, node.source?.value);
      if (target && inside(target, nodesDir)) context.report({ node, messageId: 'nodes', data: { spec: node.source.value } });
    });
  },
};

/** The node folder (`<category>/<name>`) a path lies in; undefined for nodes/_lib, category files and nodes/index. */
function nodeFolder(path) {
  const parts = relative(nodesDir, path).split(sep);
  if (parts.length < 2 || parts[0] === '..' || parts[0] === '_lib') return undefined;
  // A file directly in a category folder (its index.ts, a helper like social/platforms.ts) is no node.
  if (parts.length === 2 && (parts[1].endsWith('.ts') || existsSync(`${path}.ts`))) return undefined;
  return `${parts[0]}/${parts[1].replace(/\.ts$/, '')}`;
}

/** A node folder imports no other node folder: what nodes share lives in nodes/_lib/. */
const noCrossNode = {
  meta: { type: 'problem', schema: [], messages: { cross: "A node does not import another node ('{{spec}}'): move what they share to nodes/_lib/." } },
  create(context) {
    const own = nodeFolder(context.filename);
    if (!own) return {};
    return importVisitors((node) => {
      const target = importTarget(context, node.source?.value);
      const other = target && inside(target, nodesDir) ? nodeFolder(target) : undefined;
      if (other && other !== own) context.report({ node, messageId: 'cross', data: { spec: node.source.value } });
    });
  },
};

const atelierPlugin = { rules: { 'no-upward-faces': noUpwardFaces, 'no-nodes': noNodes, 'node-sdk-door': nodeSdkDoor, 'no-cross-node': noCrossNode } };

/** Node tests and the harnesses they share may reach into src/ (fixtures, real services). */
const nodeTestFiles = ['nodes/**/*.test.ts', 'nodes/_lib/*harness.ts', 'nodes/_lib/*-testing.ts'];

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', '**/dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Workflow code: workflows/, the handlers of the nodes the engineRun workflow runs itself
    // (nodes/<category>/<name>/workflow.ts, bundled with the workflows) and the sandbox homes in src/.
    files: ['workflows/**/*.ts', 'nodes/**/workflow.ts', ...sandboxHomes.map(homeFiles)],
    rules: {
      'no-restricted-imports': ['error', {
        paths: nodeBuiltins.flatMap((name) => [name, `node:${name}`]).map((name) => ({
          name, message: 'Workflow code must be deterministic: no Node built-ins.',
        })),
        patterns: [{
          group: ['**/src/infra/**', '**/src/platform/**', '**/src/generation/**', '**/activities/**', '**/activities'],
          allowTypeImports: true,
          message: 'Workflows may import activities, infrastructure and service code for types only.',
        }, {
          // Storage service code, all but its sandbox home (src/storage/contract).
          regex: '(^|/)src/storage/(?!contract/)',
          allowTypeImports: true,
          message: 'Workflows may import activities, infrastructure and service code for types only.',
        }, {
          // The node SDK's activity side loads I/O code; workflow code takes the SDK's sandbox side.
          regex: '(^|/)src/engine/node-sdk(/index)?$',
          allowTypeImports: true,
          message: "Workflow code imports the node SDK from 'src/engine/node-sdk/workflow' (its sandbox side); the rest is for types only.",
        }, {
          // A node's workflow.ts (its deterministic handler) is the one node file workflow code may run.
          regex: '(^|/)nodes(/(?!([^/]+/){2}workflow$).*)?$',
          allowTypeImports: true,
          message: "Workflows may import nodes for types only, except a node's workflow.ts handler.",
        }],
      }],
      'no-restricted-globals': ['error',
        { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' },
        { name: 'setInterval', message: 'Use sleep() in a loop.' },
        { name: 'fetch', message: 'I/O belongs in activities.' },
        { name: 'process', message: 'No process access in workflows.' },
      ],
      // Workflow modules are evaluated once per worker thread and shared, frozen, by every
      // execution (preloadModules, src/infra/temporal/worker.ts): state belongs in the workflow function.
      'no-restricted-syntax': ['error',
        { selector: 'Program > VariableDeclaration[kind!="const"], Program > ExportNamedDeclaration > VariableDeclaration[kind!="const"]', message: 'No mutable module state in workflow code: modules are shared between executions; keep state inside the workflow function.' },
      ],
    },
  },
  {
    // The sandbox homes in src/: what workflow code loads from src/ lives here, and loads nothing else.
    files: sandboxHomes.map(homeFiles),
    plugins: { sandbox: { rules: { imports: sandboxImports } } },
    rules: { 'sandbox/imports': 'error' },
  },
  {
    // Layers point one way: src/ holds the logic; activities/ and workflows/ are thin faces over it.
    // src/main.ts is the composition root that hands the activity set to the runtime.
    // src/ never imports nodes/ either: the node registry is handed in the same way.
    files: ['src/**/*.ts'],
    ignores: ['src/main.ts'],
    plugins: { atelier: atelierPlugin },
    rules: { 'atelier/no-upward-faces': 'error', 'atelier/no-nodes': 'error' },
  },
  {
    // The node SDK is the one door from nodes/ into src/ (see src/engine/node-sdk/index.ts), and a
    // node folder stands alone: what nodes share lives in nodes/_lib/.
    files: ['nodes/**/*.ts'],
    ignores: nodeTestFiles,
    plugins: { atelier: atelierPlugin },
    rules: { 'atelier/node-sdk-door': 'error', 'atelier/no-cross-node': 'error' },
  },
  {
    // Tests read loosely-typed JSON responses.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
