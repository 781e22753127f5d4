// Flat config. Two rules matter most here: promises are never left floating, and workflow code
// stays deterministic (no Node built-ins, no runtime imports of I/O code) — see STYLE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'fs', 'fs/promises', 'path', 'os', 'crypto', 'http', 'https', 'net', 'dns', 'child_process',
  'worker_threads', 'stream', 'zlib', 'timers', 'process', 'url', 'util', 'events', 'cluster',
];

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', 'dist/**', 'coverage/**'] },
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
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: nodeBuiltins.flatMap((name) => [name, `node:${name}`]).map((name) => ({
          name, message: 'Workflow code must be deterministic: no Node built-ins.',
        })),
        patterns: [{
          group: ['**/src/db/**', '**/src/db', '**/activities/**', '**/activities', '**/nodes/**', '**/nodes'],
          allowTypeImports: true,
          message: 'Workflows may import activities, nodes and db code for types only.',
        }],
      }],
      'no-restricted-globals': ['error',
        { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' },
        { name: 'setInterval', message: 'Use sleep() in a loop.' },
        { name: 'fetch', message: 'I/O belongs in activities.' },
        { name: 'process', message: 'No process access in workflows.' },
      ],
    },
  },
  {
    // Tests read loosely-typed JSON responses.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
