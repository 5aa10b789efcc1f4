"use client";
// A button that opens a form in a modal dialog: the console's way of adding and editing records. The
// form's submit hands the fields to `submit`, which answers an error to show or nothing (done: the
// dialog closes and the page is drawn again from the server).
import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useT } from "./i18n-client";
import { useHydrated } from "./use-hydrated";

export function FormDialog(props: {
  trigger: string;
  triggerClass?: string;
  triggerData?: string;
  title: string;
  submit: (form: FormData) => Promise<string | undefined>;
  /** The submit button's words and look when "Save" does not say what it does (e.g. "Revoke"). */
  submitLabel?: string;
  submitClass?: string;
  children: ReactNode;
}) {
  const t = useT();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWorking(true);
    const error = await props.submit(new FormData(event.currentTarget));
    setWorking(false);
    if (error) {
      setProblem(error);
      return;
    }
    dialog.current?.close();
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        className={props.triggerClass ?? "btn btn-primary"}
        data-dialog={props.triggerData}
        disabled={!hydrated}
        onClick={() => {
          setProblem("");
          dialog.current?.showModal();
        }}
      >
        {props.trigger}
      </button>
      <dialog ref={dialog} className="confirm" aria-label={props.title}>
        <form onSubmit={onSubmit}>
          <div className="dialog-body stack">
            <h2>{props.title}</h2>
            {props.children}
            {problem ? (
              <p className="notice notice-bad" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
          <div className="dialog-foot">
            <button type="button" className="btn" onClick={() => dialog.current?.close()}>
              {t("common.cancel")}
            </button>
            <button
              type="submit"
              className={props.submitClass ?? "btn btn-primary"}
              disabled={working}
              data-confirm
            >
              {working ? t("common.loading") : (props.submitLabel ?? t("common.save"))}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
