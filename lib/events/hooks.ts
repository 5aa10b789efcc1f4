// What a hook is: the fork's own code, run once an event has committed (docs/events.md). A hook is
// declared with defineHook in a file of the top-level hooks/ folder and listed in hooks/index.ts;
// the events worker delivers each event to every hook of its type, at least once, in order per order.
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { PrismaClient } from "@/lib/platform/db";
import type { Logger } from "@/lib/platform/log";
import type { DomainEvent, EventType } from "@/lib/platform/outbox/event-map";

export interface HookContext {
  /** The merchant database: read what the event does not carry, keep what the hook did. */
  db: PrismaClient;
  /** A logger already carrying the hook's name and the event's id and type. */
  log: Logger;
  /** Aborted when the hook's time is up (HOOK_TIMEOUT): pass it to fetch and friends. */
  signal: AbortSignal;
  /** 1 on the first try; more means an earlier try failed or its worker died mid-way. */
  attempt: number;
  /** The domain services the routes use (the wallet client, jobs, the clock): for sendPush and such. */
  services: ServiceContext;
}

export interface Hook<T extends EventType = EventType> {
  /** Stable and unique: deliveries are recorded under it, so renaming a hook starts it afresh. */
  name: string;
  /** The event type it runs for, or several. */
  event: T | readonly T[];
  /**
   * Runs the hook. Throwing (or timing out) retries it later with the same event; so may a crash
   * after the side effect, so make the effect idempotent with `event.id`.
   */
  handle(event: DomainEvent<T>, ctx: HookContext): Promise<void>;
}

/** Declares a hook, typed by its event. */
export function defineHook<T extends EventType>(hook: Hook<T>): Hook<T> {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(hook.name)) {
    throw new Error(`hook name "${hook.name}" must be lower-case letters, digits and dashes`);
  }
  return hook;
}

/** Whether `hook` runs for events of `type`. */
export function hookTakes(hook: Hook, type: string): boolean {
  return typeof hook.event === "string"
    ? hook.event === type
    : (hook.event as readonly string[]).includes(type);
}

/** The hooks by name, refusing two with one name (their deliveries would be confused). */
export function hookRegistry(hooks: readonly Hook[]): ReadonlyMap<string, Hook> {
  const byName = new Map<string, Hook>();
  for (const hook of hooks) {
    if (byName.has(hook.name)) throw new Error(`two hooks are named "${hook.name}"`);
    byName.set(hook.name, hook);
  }
  return byName;
}
