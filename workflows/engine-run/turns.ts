// One at a time, in the order asked for: the run's local activities since `serial-local-activities`
// (several in flight resolve in completion order when executed but in marker order on replay).
// Property tests: test/engine/kernel/turns.test.ts.

export class Turns {
  private tail: Promise<unknown> = Promise.resolve();

  /** @param serial false: every call starts at once (executions recorded before the patch). */
  constructor(readonly serial: boolean) {}

  /** Starts `start` once every call made before it has settled (fulfilled or rejected). */
  run<T>(start: () => Promise<T>): Promise<T> {
    if (!this.serial) return start();
    const result = this.tail.then(start);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
