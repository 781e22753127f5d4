#!/usr/bin/env node
// The `atelier` command: runs the CLI (sdk/src/cli.ts) from the repo through tsx, no build step; the SDK package ships the same CLI built.
import process from 'node:process';
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../cli/index.ts');
process.exitCode = await runCli(process.argv.slice(2), { out: process.stdout, err: process.stderr, in: process.stdin, env: process.env });
