"use client";
// A small button that asks the console's API for one safe-to-repeat thing (re-apply a notification,
// re-send a delivery) and says beside itself how it went; the page is then drawn again.
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ApiAnswer } from "./admin-api";
import { useErrorText } from "./error-words";
import { useT } from "./i18n-client";
import { useHydrated } from "./use-hydrated";

export function ApiActionButton(props: {
  /** The call that does it, through the console's typed client (console-api.ts). */
  send: () => Promise<ApiAnswer>;
  label: string;
  /** The button's title: what pressing it does. */
  explain: string;
  /** What to say once it worked, from the API's answer. */
  doneMessage: (answer: ApiAnswer) => string;
  /** data-* attributes the browser tests find the button by. */
  data?: Record<`data-${string}`, string>;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const errorText = useErrorText();
  const router = useRouter();
  const [state, setState] = useState<{ working: boolean; message?: string; failed?: boolean }>({
    working: false,
  });
  return (
    <span>
      <button
        type="button"
        className="btn btn-small"
        title={props.explain}
        disabled={!hydrated || state.working}
        {...props.data}
        onClick={async () => {
          setState({ working: true });
          const answer = await props.send();
          setState(
            answer.ok
              ? { working: false, message: props.doneMessage(answer) }
              : { working: false, failed: true, message: t("common.error", { message: errorText(answer) }) },
          );
          if (answer.ok) router.refresh();
        }}
      >
        {state.working ? t("common.loading") : props.label}
      </button>
      {state.message ? (
        <span role="status" className={state.failed ? "flag" : "muted"}>
          {" "}
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
