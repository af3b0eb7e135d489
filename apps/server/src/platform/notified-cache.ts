import type { Database, ListenChannel } from "../db/database.ts";

export interface NotifiedCacheOptions {
  /**
   * The channels whose notifications empty the cache (LISTEN_CHANNELS; migrations' triggers send them): one
   * for each group of tables the values are built from, so a value built from several groups listens to each.
   */
  channels: readonly ListenChannel[];
  /** How long a value is used again without loading it: the bound when a notification is missed. */
  ttlMs: number;
  /** Values kept at once; the oldest goes first. */
  maxEntries: number;
}

/**
 * Values loaded from the database, kept per process for a few seconds and dropped the moment the database
 * says they changed: the one way a cache is kept in this server (decision 005).
 *
 * The rows a value is built from carry statement triggers that send NOTIFY on the cache's channels at their
 * commit; one connection of every app process LISTENs (db/listener.ts), and hearing any of them empties the
 * whole cache. A value held is answered only after `database.caughtUp()`: a round trip on the listening
 * connection sent after the call, ahead of whose answer the database hands over every notification committed
 * before it. So a call never gets a value older than a write answered before the call was made, whichever
 * process made the write. The TTL bounds what a write that sends nothing (triggers bypassed) leaves stale.
 *
 * - Nothing is kept, or answered, while the listening connection is not open.
 * - A load that began before a notification is not kept after it (`generation`): it may have read the old rows.
 * - Calls for the same key while it loads share the load (one statement for a burst of equal calls), unless a
 *   notification came after the load began: a call made after a change never gets what was read before it.
 */
export class NotifiedCache<V> {
  private static readonly named = new WeakMap<Database, Map<string, NotifiedCache<unknown>>>();

  /**
   * The database's one cache of this name, made on first use: how a feature keeps a cache without owning a
   * lifetime (it lives as long as the database, and every app built on that database shares it).
   */
  static of<V>(database: Database, name: string, options: NotifiedCacheOptions): NotifiedCache<V> {
    const caches = NotifiedCache.named.get(database) ?? new Map<string, NotifiedCache<unknown>>();
    NotifiedCache.named.set(database, caches);
    const cache = caches.get(name) ?? new NotifiedCache<unknown>(database, options);
    caches.set(name, cache);
    return cache as NotifiedCache<V>;
  }

  private readonly entries = new Map<string, { value: V; until: number }>();
  private readonly loading = new Map<string, { generation: number; promise: Promise<V> }>();
  private generation = 0;
  private readonly forget = () => this.clear();

  constructor(
    private readonly database: Database,
    private readonly options: NotifiedCacheOptions,
  ) {
    for (const channel of options.channels) database.notifications.on(channel, this.forget);
  }

  /**
   * The value of `key`: kept while current, otherwise `load()`ed. `until(value)` says until when a loaded
   * value may be kept (at most the TTL from now; null keeps nothing, e.g. a refusal).
   */
  async get(key: string, load: () => Promise<V>, until?: (value: V) => number | null, now = Date.now()): Promise<V> {
    const held = this.entries.get(key);
    if ((held && held.until > now) || this.loading.has(key)) {
      // Whatever was committed before this call is heard first (a notification empties the map and moves
      // the generation on), so what is held, or being loaded since the last notification, is current.
      // caughtUp() is false while the listening connection is not open: then the database is read.
      if (await this.database.caughtUp()) {
        const hit = this.entries.get(key);
        if (hit && hit.until > now) return hit.value;
        const pending = this.loading.get(key);
        if (pending && pending.generation === this.generation) return pending.promise;
      }
    }
    this.entries.delete(key);
    const generation = this.generation;
    const promise = load();
    this.loading.set(key, { generation, promise });
    try {
      const value = await promise;
      const keepUntil = until ? until(value) : Date.now() + this.options.ttlMs;
      if (keepUntil !== null && generation === this.generation && this.database.listening()) {
        if (this.entries.size >= this.options.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        this.entries.set(key, { value, until: Math.min(keepUntil, Date.now() + this.options.ttlMs) });
      }
      return value;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }

  /** How many values are held (some may be past their TTL). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The values held for every one of `keys`, in their order, as current as `get` answers them (after
   * `database.caughtUp()`); undefined when any is not held or the database cannot be caught up with. For a value
   * made of many kept parts: the caller reads which parts it needs, then takes them all or loads them all.
   */
  async getAll(keys: readonly string[], now = Date.now()): Promise<V[] | undefined> {
    const held = () => {
      const values: V[] = [];
      for (const key of keys) {
        const hit = this.entries.get(key);
        if (!hit || hit.until <= now) return undefined;
        values.push(hit.value);
      }
      return values;
    };
    if (!held() || !(await this.database.caughtUp())) return undefined;
    return held();
  }

  /**
   * Where a load begins, for `keep`: what it reads is kept only if no notification comes between this mark and
   * `keep` (the load may have read the rows before the change).
   */
  mark(): number {
    return this.generation;
  }

  /** Keeps values loaded since `mark` (unless a notification came since, or nothing listens), for the TTL. */
  keep(values: Iterable<readonly [string, V]>, mark: number) {
    if (mark !== this.generation || !this.database.listening()) return;
    const until = Date.now() + this.options.ttlMs;
    for (const [key, value] of values) {
      this.entries.delete(key);
      if (this.entries.size >= this.options.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { value, until });
    }
  }

  /** Forgets every value (a notification does this). */
  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  close() {
    for (const channel of this.options.channels) this.database.notifications.off(channel, this.forget);
    this.entries.clear();
  }
}
