"use client";
// Whether React has taken over the page. A button drawn by the server does nothing until then: on a
// slow phone a tap in that moment is lost without a word. Buttons whose work is in JavaScript stay
// disabled until this turns true, so the tap either works or visibly cannot be made yet.
import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False in the server's HTML and during hydration, true from the first client render after it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
