// The account: the name (USER_NAME, asked for when wanted), push messages (NOTIFICATION_PUSH) and
// one-tap pay (an agreement signed with my.call("walletSignContract"), then bound).

import { agreementBound, SignRefused, setUpAgreement } from "../agreement";
import { api, call } from "../api";
import { el, screen } from "../dom";
import { backendProblem, signProblem } from "../errors";
import { t } from "../i18n";
import { grant, hasScope } from "../session";
import { problemBox } from "./problem";

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

function agreementSection(): HTMLElement {
  const on = agreementBound();
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
