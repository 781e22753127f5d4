#!/usr/bin/env node
// The package's `atelier` command.
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2), { out: process.stdout, err: process.stderr, in: process.stdin, env: process.env });
