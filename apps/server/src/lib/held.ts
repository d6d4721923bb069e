import type { Clock } from "./clock";

export interface HeldOptions<V, G> {
  clock: Clock;
  /**
   * How long a held value answers without being read again. Whoever changes what is held
   * drops it (on every process, by the hub); this only bounds how long news lost on the
   * way (Redis down) can leave a process behind.
   */
  readAgainMs: number;
  /** The most held, in the units of `weigh`; past it the values held longest go first. */
  maxWeight: number;
  /** A value's share of `maxWeight` (default 1: a count). */
  weigh?: (value: V) => number;
  /** A value's group (a session's user), so a group's values are dropped together. */
  groupOf?: (value: V) => G;
}

interface Entry<V, G> {
  value: V;
  at: number;
  weight: number;
  group: G | undefined;
}

/**
 * Values a process read lately, held for the reads that come again on every call (a
 * session, a sender, a contact list), with the rule that keeps them right: a read under
 * way is held only if nothing dropped its key meanwhile (its key, its group, everything),
 * so a read that began before a change never outlives the change.
 */
export class Held<K, V, G = never> {
  /** Insertion order is age: the first is the one held longest. */
  private readonly entries = new Map<K, Entry<V, G>>();
  private readonly byGroup = new Map<G, Set<K>>();
  /** The read under way of each key: held when it ends only if still the one here. */
  private readonly reading = new Map<K, object>();
  private weight = 0;

  constructor(private readonly options: HeldOptions<V, G>) {}

  /** The value held of `key` if read lately enough to answer, else undefined. */
  fresh(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.options.clock.now() - entry.at;
    return age >= 0 && age < this.options.readAgainMs ? entry.value : undefined;
  }

  /**
   * Reads `key` afresh with `load`, and holds what it gives (not undefined) when `keep`
   * accepts it and no drop of the key came while it was read.
   */
  async read<T extends V | undefined>(
    key: K,
    load: () => Promise<T>,
    keep: (value: V) => boolean = always,
  ): Promise<T> {
    const at = this.options.clock.now();
    const ticket = {};
    this.reading.set(key, ticket);
    let value: T;
    try {
      value = await load();
    } catch (error) {
      if (this.reading.get(key) === ticket) this.reading.delete(key);
      throw error;
    }
    // A drop of the key meanwhile (or a later read of it) took the ticket: not held.
    if (this.reading.get(key) !== ticket) return value;
    this.reading.delete(key);
    this.dropEntry(key);
    if (value !== undefined && keep(value)) this.hold(key, value, at);
    return value;
  }

  /** The held value when fresh, else a read of it (held as `read` says). */
  async get<T extends V | undefined>(
    key: K,
    load: () => Promise<T>,
    keep?: (value: V) => boolean,
  ): Promise<T> {
    const held = this.fresh(key);
    return held !== undefined ? (held as T) : this.read(key, load, keep);
  }

  /** Puts a new value in place of a held one (keeping its age); nothing if none is held. */
  replace(key: K, value: V): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    const weight = this.options.weigh?.(value) ?? 1;
    this.weight += weight - entry.weight;
    entry.value = value;
    entry.weight = weight;
    this.trim();
  }

  /** Drops one key, held or under way. */
  drop(key: K): void {
    this.dropEntry(key);
    this.reading.delete(key);
  }

  /**
   * Drops these keys. A long list (a group's 10,000 members) against few held is looked up
   * the other way round, not walked.
   */
  dropMany(keys: readonly K[]): void {
    const present = this.entries.size + this.reading.size;
    if (present === 0) return;
    if (keys.length <= present) {
      for (const key of keys) this.drop(key);
      return;
    }
    const named = new Set(keys);
    for (const key of [...this.entries.keys(), ...this.reading.keys()])
      if (named.has(key)) this.drop(key);
  }

  /**
   * Drops a group's values. A read under way has no known group yet, so every one is
   * dropped too: it is read again next time, never held stale.
   */
  dropGroup(group: G): void {
    for (const key of this.byGroup.get(group) ?? []) this.dropEntry(key);
    this.reading.clear();
  }

  /** Drops everything, held or under way. */
  dropAll(): void {
    this.entries.clear();
    this.byGroup.clear();
    this.reading.clear();
    this.weight = 0;
  }

  /**
   * Tests: reads `key` afresh and throws when the held value differs from it, unless a drop
   * of the key came while it was read (then the next call reads it again anyway). A change
   * made off the request path (a group's new picture) is written a moment before its event
   * leaves: given `settle`, a difference first waits for that work to end, and a drop that
   * came meanwhile clears the value too.
   */
  async verify(
    key: K,
    load: () => Promise<V | undefined>,
    same: (held: V, fresh: V | undefined) => boolean,
    what: string,
    settle?: () => Promise<void>,
  ): Promise<void> {
    const held = this.entries.get(key);
    if (!held) return;
    const ticket = {};
    this.reading.set(key, ticket);
    const fresh = await load();
    if (this.reading.get(key) !== ticket) return;
    this.reading.delete(key);
    if (same(held.value, fresh)) return;
    if (settle) {
      await settle();
      if (this.entries.get(key) !== held) return;
    }
    throw new Error(
      `${what} as held is stale: a change reached no event or announcement`,
    );
  }

  /** How many values are held (tests). */
  get size(): number {
    return this.entries.size;
  }

  private hold(key: K, value: V, at: number): void {
    const weight = this.options.weigh?.(value) ?? 1;
    const group = this.options.groupOf?.(value);
    this.entries.set(key, { value, at, weight, group });
    this.weight += weight;
    if (group !== undefined) {
      const keys = this.byGroup.get(group) ?? new Set<K>();
      keys.add(key);
      this.byGroup.set(group, keys);
    }
    this.trim();
  }

  /** Past the allowance, the values held longest go first. */
  private trim(): void {
    for (const [oldest] of this.entries) {
      if (this.weight <= this.options.maxWeight) break;
      this.dropEntry(oldest);
    }
  }

  private dropEntry(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
    if (entry.group === undefined) return;
    const keys = this.byGroup.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.byGroup.delete(entry.group);
  }
}

function always(): boolean {
  return true;
}
