"use client";
// The console's "make something that has a secret" dialog (an API key, a webhook endpoint's signing
// secret): a form, then the secret shown this once to copy, since the server keeps only a hash or an
// encrypted copy it never shows again. Closing after a secret was shown refreshes the page's list.
import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import type { SentAnswer } from "./console-api";
import { useErrorText } from "./error-words";
import { useT } from "./i18n-client";
import { useHydrated } from "./use-hydrated";

interface SecretDialogProps {
  /** The trigger's `data-dialog`, which the browser tests find it by. */
  name: string;
  title: string;
  submitLabel: string;
  /** Makes the thing from the form's fields, through the console's typed client; its answer carries `secret`. */
  send: (form: FormData) => Promise<SentAnswer<{ secret?: string }, unknown>>;
  /** The form's fields. */
  fields: ReactNode;
  secretLabel: string;
  /** Shown above and below the secret: a warning that it is shown once, how to use it. */
  before?: ReactNode;
  after?: ReactNode;
}

export function SecretDialog(props: SecretDialogProps) {
  const t = useT();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const titleId = useId();
  const [secret, setSecret] = useState<string | null>(null);

  function close() {
    dialog.current?.close();
    if (secret) router.refresh();
    setSecret(null);
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        data-dialog={props.name}
        disabled={!hydrated}
        onClick={() => {
          setSecret(null);
          dialog.current?.showModal();
        }}
      >
        {props.title}
      </button>
      <dialog ref={dialog} className="confirm" aria-labelledby={titleId} onClose={close}>
        {secret ? (
          <ShownOnce
            {...props}
            titleId={titleId}
            secret={secret}
            onDone={close}
            doneLabel={t("apiKeys.done")}
          />
        ) : (
          <SecretForm {...props} titleId={titleId} onMade={setSecret} onCancel={close} />
        )}
      </dialog>
    </>
  );
}

function SecretForm(
  props: SecretDialogProps & { titleId: string; onMade: (secret: string) => void; onCancel: () => void },
) {
  const t = useT();
  const errorText = useErrorText();
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setWorking(true);
    setProblem("");
    const answer = await props.send(form);
    setWorking(false);
    if (answer.ok && answer.body?.secret) props.onMade(answer.body.secret);
    else setProblem(t("common.error", { message: errorText(answer) }));
  }

  return (
    <form onSubmit={onSubmit}>
      <div className="dialog-body stack">
        <h2 id={props.titleId}>{props.title}</h2>
        {props.fields}
        {problem ? (
          <p className="notice notice-bad" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="dialog-foot">
        <button type="button" className="btn" onClick={props.onCancel}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="btn btn-primary" disabled={working}>
          {working ? t("common.loading") : props.submitLabel}
        </button>
      </div>
    </form>
  );
}

function ShownOnce(
  props: SecretDialogProps & { titleId: string; secret: string; onDone: () => void; doneLabel: string },
) {
  return (
    <div>
      <div className="dialog-body stack">
        <h2 id={props.titleId}>{props.title}</h2>
        {props.before}
        <label className="field">
          <span>{props.secretLabel}</span>
          <input
            className="mono"
            readOnly
            value={props.secret}
            dir="ltr"
            data-secret
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
        {props.after}
      </div>
      <div className="dialog-foot">
        <button type="button" className="btn btn-primary" onClick={props.onDone}>
          {props.doneLabel}
        </button>
      </div>
    </div>
  );
}
