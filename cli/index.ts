// The CLI lives in the SDK package (sdk/src/cli.ts, its `atelier` bin); bin/atelier.mjs runs it
// from the repo through tsx.
export { runCli, type Io } from '../sdk/src/cli';
