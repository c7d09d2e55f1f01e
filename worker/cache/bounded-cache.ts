// A per-isolate cache of results keyed by text (a Cypher query and what it was checked
// against, an endpoint URL's query string), bounded by the total length of its keys, plus the
// weight of its values when they are large (`weigh`), so a flood of distinct long keys or big
// values cannot grow it: the oldest entries go first. Entries may expire, for verdicts that
// depend on things that change (a plan's estimates follow the data); an entry may be given its
// own lifetime.

interface Entry<V> {
  value: V;
  expires: number;
  weight: number;
}

export interface BoundedCacheOptions<V> {
  /** The most the keys (and the values' weights) may add up to, in characters. */
  maxCharacters: number;
  ttlMs?: number;
  /** A value's share of maxCharacters; nothing by default (small values, the key dominates). */
  weigh?: (value: V) => number;
}

export class BoundedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private characters = 0;

  constructor(private readonly options: BoundedCacheOptions<V>) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlMs = this.options.ttlMs): void {
    this.delete(key);
    const weight = key.length + (this.options.weigh?.(value) ?? 0);
    if (weight > this.options.maxCharacters) return;
    for (const oldest of this.entries.keys()) {
      if (this.characters + weight <= this.options.maxCharacters) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, weight, expires: ttlMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + ttlMs });
    this.characters += weight;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry && this.entries.delete(key)) this.characters -= entry.weight;
  }
}
