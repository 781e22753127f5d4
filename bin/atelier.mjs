#!/usr/bin/env node
// The `atelier` command: runs cli/index.ts through tsx (no build step).
import process from 'node:process';
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../cli/index.ts');
process.exitCode = await runCli(process.argv.slice(2), { out: process.stdout, err: process.stderr, env: process.env });
