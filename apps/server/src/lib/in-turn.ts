/**
 * Runs work one piece at a time per key, in the order it was asked for, each piece starting
 * once the one before it has settled (failed or not). Keys with nothing running hold
 * nothing.
 */
export class InTurn {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    const result = before ? before.then(work) : work();
    const tail = result.then(settled, settled);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have work running or waiting. */
  get busyKeys(): number {
    return this.tails.size;
  }
}

function settled(): void {
  // The next piece waits for this one to settle, whatever its outcome.
}
