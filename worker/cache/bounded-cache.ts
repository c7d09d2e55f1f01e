// A per-isolate cache of results keyed by text (a Cypher query and what it was checked
// against, an endpoint URL's query string), bounded by the total length of its keys so a
// flood of distinct long keys cannot grow it: the oldest entries go first. Entries may expire, for verdicts that depend on
// things that change (a plan's estimates follow the data).

export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private characters = 0;

  constructor(private readonly options: { maxCharacters: number; ttlMs?: number }) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    if (key.length > this.options.maxCharacters) return;
    for (const oldest of this.entries.keys()) {
      if (this.characters + key.length <= this.options.maxCharacters) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, expires: this.options.ttlMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + this.options.ttlMs });
    this.characters += key.length;
  }

  private delete(key: string): void {
    if (this.entries.delete(key)) this.characters -= key.length;
  }
}
