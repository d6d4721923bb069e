/*
 * Events between features, in this process (issue 42): a lower feature says what happened,
 * and a feature above it that must act on it listens, so no feature calls one above it.
 * Each feature that tells names its events in a map in its `<x>.ports.ts` (event name →
 * what it carries); a listening module subscribes when app.ts builds it. Not the hub: news
 * for other processes goes through `ctx.changes`, and socket events through `ctx.publish`.
 */

/** A map of a feature's events: each name and what it carries (`undefined`: nothing). */
export type EventMap = object;

/** What an event's emitter passes: the event, or nothing for one that carries nothing. */
type Carried<E> = [E] extends [undefined] ? [] : [event: E];

/** Acts on one event; awaited before the next listener and before the emitter goes on. */
export type Listener<E> = (...event: Carried<E>) => Promise<void> | void;

/** What a listening feature sees of another's events (a port: `{ events: Events<…> }`). */
export interface Events<M extends EventMap> {
  /** Runs `listener` on each `name` event, after the listeners added before it. */
  on<K extends keyof M>(name: K, listener: Listener<M[K]>): void;
}

/**
 * A feature's events, which only the feature emits, once the change each tells of is
 * committed. `emit` runs each listener in turn and resolves once they all have: the emitter
 * goes on only then, so what the listeners publish keeps its place among the emitter's
 * own socket events, and a listener's error reaches the emitter.
 */
export class Emitter<M extends EventMap> implements Events<M> {
  private readonly listeners: { [K in keyof M]?: Listener<M[K]>[] } = {};

  on<K extends keyof M>(name: K, listener: Listener<M[K]>): void {
    (this.listeners[name] ??= []).push(listener);
  }

  async emit<K extends keyof M>(
    name: K,
    ...event: Carried<M[K]>
  ): Promise<void> {
    for (const listener of this.listeners[name] ?? []) await listener(...event);
  }
}
