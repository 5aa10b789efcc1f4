"use client";
// Following a refund or an escrow operation the wallet has not finished, from the dialog that sent it
// (and after it closes, from the result left on the page): its record is read again every moment
// until the wallet's answer is final, so the operator sees "Done" or "Refused" where they are looking
// instead of a "processing" that the page behind has long outgrown.
import { useEffect, useState } from "react";
import { consoleApi, sent } from "./console-api";

/** What is followed: a refund or an escrow operation of an order, by its row id. */
export interface Followed {
  orderId: string;
  kind: "refund" | "operation";
  id: string;
}

/** Where the followed record stands now, as its order's page would show it. */
export interface FollowedState {
  status: string;
  resultCode: string | null;
  amountFils: string | null;
}

const FINAL = ["SUCCESS", "FAIL"];

export function isFinal(state: FollowedState | null): boolean {
  return state !== null && FINAL.includes(state.status);
}

async function readFollowed(followed: Followed): Promise<FollowedState | null> {
  const answer = await sent(
    consoleApi.GET("/api/admin/orders/{id}", { params: { path: { id: followed.orderId } } }),
  );
  if (!answer.ok || !answer.body || !("order" in answer.body)) return null;
  const { refunds, escrowOperations } = answer.body.order;
  const records: { id: string; status: string; resultCode: string | null; amountFils: string | null }[] =
    followed.kind === "refund" ? refunds : escrowOperations;
  const record = records.find((candidate) => candidate.id === followed.id);
  return record
    ? { status: record.status, resultCode: record.resultCode, amountFils: record.amountFils }
    : null;
}

/**
 * The followed record's latest state: null until first read; read every `everyMs` until final.
 * Nothing is read while `followed` is null.
 */
export function useFollowToFinal(followed: Followed | null, everyMs = 1500): FollowedState | null {
  const [state, setState] = useState<FollowedState | null>(null);
  const key = followed ? `${followed.kind}:${followed.id}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the followed record; the object itself is new on every render
  useEffect(() => {
    setState(null);
    if (!followed) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const latest = await readFollowed(followed);
      if (stopped) return;
      if (latest) setState(latest);
      if (!isFinal(latest)) timer = setTimeout(tick, everyMs);
    };
    timer = setTimeout(tick, everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, everyMs]);
  return state;
}
