"use client";
// Turns one thing on or off through the console's API (an alert rule, a webhook endpoint), then draws
// the page again; a refusal is said beside the button.
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ApiAnswer } from "./admin-api";
import { useErrorText } from "./error-words";
import { useT } from "./i18n-client";
import { useHydrated } from "./use-hydrated";

export function OnOffButton(props: {
  /** Sends the change to the opposite of what is on now. */
  send: () => Promise<ApiAnswer>;
  label: string;
  /** data-* attributes the browser tests find the button by. */
  data: Record<`data-${string}`, string>;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const errorText = useErrorText();
  const router = useRouter();
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);
  return (
    <span>
      <button
        type="button"
        className="btn btn-small"
        disabled={!hydrated || working}
        {...props.data}
        onClick={async () => {
          setWorking(true);
          const answer = await props.send();
          setWorking(false);
          if (answer.ok) router.refresh();
          else setProblem(t("common.error", { message: errorText(answer) }));
        }}
      >
        {props.label}
      </button>
      {problem ? (
        <span role="status" className="flag">
          {" "}
          {problem}
        </span>
      ) : null}
    </span>
  );
}
