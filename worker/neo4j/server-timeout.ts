// What this isolate knows of each Neo4j server's own time limit (db.transaction.timeout), so a
// query whose limit is the server's can skip the explicit transaction (client.ts).
//
// The limit is read in the background, never on a caller's path: until the first read answers,
// and whenever the last one failed, nothing is known and queries keep naming their own limit.
// Neo4j Enterprise can change the setting at run time (dbms.setConfigValue), so a known limit is
// read again once it is REFRESH_MS old; queries go on using it while the new read runs, so a change
// reaches every isolate within about a minute. A read that failed (a user who may not see
// settings, a sick server) is retried after RETRY_MS, not on every query.

/** How long a limit that was read counts as current. */
export const REFRESH_MS = 60_000;

/** How long after a read started, answered or not, another may start: a failed or lost one is retried this late. */
export const RETRY_MS = 5 * 60_000;

interface Entry {
  /** Seconds (0 = no limit); undefined until a read has answered, and after one failed. */
  seconds: number | undefined;
  /** When the next read may start (epoch ms). */
  due: number;
}

export class ServerTimeouts {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The limit last read for `server`, if any; starts a read in the background when one is due. */
  known(server: string, read: () => Promise<number | undefined>, background?: (work: Promise<unknown>) => void): number | undefined {
    const entry = this.entries.get(server);
    if (!entry || this.now() >= entry.due) {
      const reading = this.refresh(server, read);
      background?.(reading);
    }
    return entry?.seconds;
  }

  /** Reads the limit now and records it; resolves with it, undefined when the read failed. */
  async refresh(server: string, read: () => Promise<number | undefined>): Promise<number | undefined> {
    const entry = this.entries.get(server) ?? { seconds: undefined, due: 0 };
    this.entries.set(server, entry);
    entry.due = this.now() + RETRY_MS;
    try {
      entry.seconds = await read();
      if (entry.seconds !== undefined) entry.due = this.now() + REFRESH_MS;
    } catch (error) {
      entry.seconds = undefined;
      console.warn(`neo4j: reading the server's db.transaction.timeout failed, queries keep naming their own limit: ${(error as Error).message}`);
    }
    return entry.seconds;
  }
}

/** This isolate's knowledge, keyed by endpoint and credentials. */
export const serverTimeouts = new ServerTimeouts();
