// At most a set number of queries in flight to Neo4j per isolate. A Worker isolate serves many
// requests at once, and each query holds an HTTP connection to Neo4j while it runs: without a cap
// one burst of calls opens as many connections, and Neo4j, the one part a deployment cannot scale
// out, queues them all. A query beyond the cap waits for a slot, first come first served, within
// its own time limit; a waiter whose caller gives up leaves the queue.
//
// A slot released by one request wakes a query of another request: workerd runs the waiter's
// continuation in the waiter's own request context.
export class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(public limit: number) {}

  /**
   * The function that gives the slot back (once; later calls do nothing): at once when a slot is
   * free, which is the common case and costs no promise, else once one is.
   */
  acquire(signal: AbortSignal): (() => void) | Promise<() => void> {
    signal.throwIfAborted();
    if (this.active < this.limit) {
      this.active += 1;
      return this.releaser();
    }
    return this.wait(signal);
  }

  private async wait(signal: AbortSignal): Promise<() => void> {
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal.removeEventListener("abort", leave);
        resolve();
      };
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        reject(signal.reason);
      };
      signal.addEventListener("abort", leave, { once: true });
      this.waiting.push(wake);
    });
    return this.releaser();
  }

  /** Queries holding a slot, and queries waiting for one. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /** A released slot passes straight to the next waiter, so `active` never drops below the queue's need. */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    };
  }
}

/** This isolate's slots; the limit is the setting of the latest client (one configuration per isolate). */
export const neo4jSlots = new Slots(32);
