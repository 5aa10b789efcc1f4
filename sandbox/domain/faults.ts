// Fault injection (`POST /sandbox/faults`), in the spirit of a provider's test cards: the next
// `count` matching calls or notifications behave badly on purpose.
import { z } from "zod";
import type { SandboxClock } from "../clock";
import { newId } from "../ids";
import { FAULT_OUTCOMES, type Fault, type FaultOutcome, type NotificationKind } from "../store/entities";
import type { SandboxStore } from "../store/store";

/** Outcomes that change how an operation answers; the others change notifications. */
export const OPERATION_OUTCOMES = ["U", "PAYMENT_IN_PROCESS", "TIMEOUT", "REFUND_FAIL"] as const;
export const NOTIFICATION_OUTCOMES = [
  "DROP_NOTIFICATION",
  "DUPLICATE_NOTIFICATION",
  "DELAY_NOTIFICATION",
] as const;

const NOTIFICATION_TARGETS: Record<string, NotificationKind | "*"> = {
  payment: "payment",
  pay: "payment",
  void: "void",
  refund: "refund",
  "*": "*",
};

const faultInput = z
  .strictObject({
    operation: z.string().min(1),
    outcome: z.enum(FAULT_OUTCOMES),
    count: z.number().int().positive().max(1000).default(1),
    clientId: z.string().min(1).optional(),
  })
  .superRefine((input, ctx) => {
    const isNotification = (NOTIFICATION_OUTCOMES as readonly string[]).includes(input.outcome);
    if (isNotification && !(input.operation in NOTIFICATION_TARGETS)) {
      ctx.addIssue({ code: "custom", path: ["operation"], message: "must be payment, void, refund or *" });
    }
    if (input.outcome === "PAYMENT_IN_PROCESS" && input.operation !== "pay") {
      ctx.addIssue({
        code: "custom",
        path: ["operation"],
        message: "PAYMENT_IN_PROCESS applies to pay only",
      });
    }
    if (input.outcome === "REFUND_FAIL" && input.operation !== "refund") {
      ctx.addIssue({ code: "custom", path: ["operation"], message: "REFUND_FAIL applies to refund only" });
    }
  });

export class FaultBook {
  constructor(
    private readonly store: SandboxStore,
    private readonly clock: SandboxClock,
  ) {}

  add(input: unknown): Fault {
    const parsed = faultInput.parse(input);
    const operation = (NOTIFICATION_OUTCOMES as readonly string[]).includes(parsed.outcome)
      ? (NOTIFICATION_TARGETS[parsed.operation] ?? parsed.operation)
      : parsed.operation;
    return this.store.save("fault", {
      id: newId("fault_", 6),
      operation,
      outcome: parsed.outcome,
      remaining: parsed.count,
      clientId: parsed.clientId,
      createdAt: this.clock.nowMs(),
    });
  }

  list(): Fault[] {
    return [...this.store.all("fault")];
  }

  clear(): void {
    for (const fault of this.list()) this.store.delete("fault", fault.id);
  }

  /** Consumes one matching fault of the given outcomes, oldest first. */
  take<O extends FaultOutcome>(operation: string, clientId: string, outcomes: readonly O[]): O | undefined {
    if (this.store.count("fault") === 0) return undefined;
    for (const fault of this.store.all("fault")) {
      if (!(outcomes as readonly string[]).includes(fault.outcome)) continue;
      if (fault.operation !== operation && fault.operation !== "*") continue;
      if (fault.clientId && fault.clientId !== clientId) continue;
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.store.delete("fault", fault.id);
      else this.store.save("fault", fault);
      return fault.outcome as O;
    }
    return undefined;
  }
}
