// The account: the name (USER_NAME, asked for when wanted), push messages (NOTIFICATION_PUSH) and
// one-tap pay (an agreement signed with my.call("walletSignContract"), then bound).

import { api, call } from "../api";
import { signContract } from "../bridge";
import { el, screen } from "../dom";
import { backendProblem, signProblem } from "../errors";
import { language, t } from "../i18n";
import { grant, hasScope } from "../session";
import { kept } from "../storage";
import { problemBox } from "./problem";

const AGREEMENT_KEY = "agreement-bound";

function section(id: string, title: string, ...content: (Node | undefined)[]): HTMLElement {
  return el(
    "section",
    { id, "aria-labelledby": `${id}-title` },
    el("h2", { id: `${id}-title` }, title),
    ...content,
  );
}

async function nameSection(): Promise<HTMLElement> {
  let name: string | undefined;
  if (hasScope("USER_NAME")) {
    const profile = await call(() => api.me()).catch(() => undefined);
    name = profile?.userInfo.userName?.fullName;
  }
  return section(
    "profile",
    t("profileTitle"),
    el("p", { id: "profile-name" }, name ?? t("nameUnknown")),
    name
      ? undefined
      : el(
          "button",
          { type: "button", id: "show-name", onclick: () => void act(() => grant("USER_NAME")) },
          t("showName"),
        ),
  );
}

function pushSection(): HTMLElement {
  const on = hasScope("NOTIFICATION_PUSH");
  return section(
    "push",
    t("pushTitle"),
    el("p", { id: "push-state" }, on ? t("pushOn") : t("pushOff")),
    on
      ? undefined
      : el(
          "button",
          { type: "button", id: "push-opt-in", onclick: () => void act(() => grant("NOTIFICATION_PUSH")) },
          t("pushOptIn"),
        ),
  );
}

class SignRefused extends Error {
  constructor(readonly code: string) {
    super(`walletSignContract failed with ${code}`);
  }
}

async function setUpAgreement(): Promise<void> {
  const prepared = await call(() =>
    api.prepareAgreement({
      contractDescription: t("agreementContract"),
      language: language() === "ar" ? "ar-IQ" : "en-US",
    }),
  );
  const signed = await signContract(prepared.authorizationUrl);
  if (!signed.ok) throw new SignRefused(signed.code);
  await call(() => api.bindAgreement({ authCode: signed.authCode, agreementId: prepared.agreementId }));
  kept.set(AGREEMENT_KEY, "yes");
}

function agreementSection(): HTMLElement {
  const on = kept.get(AGREEMENT_KEY) === "yes";
  return section(
    "agreement",
    t("agreementTitle"),
    el("p", { id: "agreement-state" }, on ? t("agreementOn") : t("agreementOff")),
    on
      ? undefined
      : el(
          "button",
          { type: "button", id: "agreement-setup", onclick: () => void act(setUpAgreement) },
          t("agreementSetup"),
        ),
  );
}

/** Runs what a button asked for, then shows the account again, or the failure in words. */
async function act(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    const problem = error instanceof SignRefused ? signProblem(error.code) : backendProblem(error);
    document.getElementById("account-problem")?.replaceChildren(problemBox(problem, () => void act(action)));
    return;
  }
  await renderAccount();
}

export async function renderAccount(): Promise<void> {
  const show = screen();
  show(el("h1", {}, t("accountTitle")), el("p", { role: "status" }, t("loading")));
  show(
    el("h1", {}, t("accountTitle")),
    el("div", { id: "account-problem" }),
    await nameSection(),
    pushSection(),
    agreementSection(),
  );
}
