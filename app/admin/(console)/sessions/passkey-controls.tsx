"use client";
// Adding a passkey: a name for it, then the browser asks the device (fingerprint, face, PIN, a key)
// and the server checks the answer; and removing one after saying so.
import { startRegistration } from "@simplewebauthn/browser";

type RegistrationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];

import { useRouter } from "next/navigation";
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";

export function AddPasskey() {
  const t = useT();
  const errorText = useErrorText();
  const router = useRouter();
  async function submit(form: FormData): Promise<string | undefined> {
    const started = await sent(consoleApi.POST("/api/admin/me/passkeys/options"));
    if (!started.ok || !started.body) return t("common.error", { message: errorText(started) });
    let response: Awaited<ReturnType<typeof startRegistration>>;
    try {
      // The API's contract types the options loosely (they are @simplewebauthn's own JSON).
      response = await startRegistration({ optionsJSON: started.body as unknown as RegistrationOptions });
    } catch {
      return t("passkeys.cancelled");
    }
    const added = await sent(
      consoleApi.POST("/api/admin/me/passkeys", {
        body: { name: String(form.get("name") ?? "").trim(), response: { ...response, type: "public-key" } },
      }),
    );
    if (!added.ok) return t("common.error", { message: errorText(added) });
    router.refresh();
    return undefined;
  }
  return (
    <FormDialog
      trigger={t("passkeys.add")}
      triggerData="add-passkey"
      title={t("passkeys.add")}
      submit={submit}
    >
      <p className="muted">{t("passkeys.addExplain")}</p>
      <label className="field">
        <span>{t("passkeys.name")}</span>
        <input
          name="name"
          required
          maxLength={60}
          dir="auto"
          autoComplete="off"
          placeholder={t("passkeys.namePlaceholder")}
        />
      </label>
    </FormDialog>
  );
}

export function RemovePasskey({ id, name }: { id: string; name: string }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <FormDialog
      trigger={t("passkeys.remove")}
      triggerClass="btn btn-small"
      triggerData={`remove-passkey-${id}`}
      title={t("passkeys.removeTitle", { name })}
      submit={async () => {
        const answer = await sent(
          consoleApi.DELETE("/api/admin/me/passkeys/{id}", { params: { path: { id } } }),
        );
        return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
      }}
      submitLabel={t("passkeys.remove")}
      submitClass="btn btn-danger"
    >
      <p>{t("passkeys.removeExplain")}</p>
    </FormDialog>
  );
}
