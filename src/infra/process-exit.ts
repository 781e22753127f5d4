// Ending the process when something in it can no longer end. After a catastrophic error inside an
// isolated-vm isolate (a V8 fatal out-of-memory the code node's cap did not catch), the isolate's
// thread never finishes and process.exit() waits for it forever (checked with isolated-vm 5.0.4 on
// Node 22): such a process can only be ended by a signal it cannot handle.
let blockedBy: string | undefined;

/** Records that process.exit() would hang; the first reason is kept. */
export function markExitBlocked(reason: string): void {
  blockedBy ??= reason;
}

/** What blocks a normal exit, if anything. */
export function exitBlockedBy(): string | undefined {
  return blockedBy;
}

/** process.exit(code), or SIGKILL to itself when a normal exit would hang. */
export function exitProcess(code: number): void {
  if (blockedBy) process.kill(process.pid, 'SIGKILL');
  process.exit(code);
}
