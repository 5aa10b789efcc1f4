// Subscriptions: the customer's own (state, next charge, pause, resume, cancel at the period's end or
// now where the plan allows it, sign the agreement again), then the plans on offer to subscribe to.
import { setUpAgreement } from "../agreement";
import { api, call } from "../api";
import { toast } from "../bridge";
import { el, screen } from "../dom";
import { backendProblem, type Problem } from "../errors";
import { t } from "../i18n";
import { grant, hasScope } from "../session";
import {
  detailLines,
  type Plan,
  planName,
  planPrice,
  type Subscription,
  statusLine,
  subscribeTo,
  subscriptionErrorKey,
} from "../subscriptions";
import { problemBox } from "./problem";

function problemOf(error: unknown): Problem {
  const key = subscriptionErrorKey(error);
  return key ? { text: t(key), remedy: "retry" } : backendProblem(error);
}

/** Runs what a button asked for, then shows the page again, or the failure in words in its card. */
async function act(card: HTMLElement, action: () => Promise<unknown>): Promise<void> {
  for (const button of card.querySelectorAll("button")) button.disabled = true;
  try {
    await action();
  } catch (error) {
    for (const button of card.querySelectorAll("button")) button.disabled = false;
    card
      .querySelector(".card-problem")
      ?.replaceChildren(problemBox(problemOf(error), () => void act(card, action)));
    return;
  }
  await renderSubscriptions();
}

function button(id: string, label: string, onclick: () => void, secondary = true): HTMLElement {
  return el(
    "button",
    { type: "button", class: secondary ? "secondary" : undefined, "data-action": id, onclick },
    label,
  );
}

/** Cancelling now cannot be taken back: asked once more, in place. */
function confirmCancelNow(card: HTMLElement, id: string): void {
  const actions = card.querySelector(".actions");
  actions?.replaceChildren(
    el("p", { class: "confirm", role: "alert" }, t("confirmCancelNow")),
    button(
      "confirm-cancel-now",
      t("confirmCancelYes"),
      () => void act(card, () => call(() => api.cancelSubscription(id, false))),
      false,
    ),
    button("keep", t("confirmCancelNo"), () => void renderSubscriptions()),
  );
}

function actionsOf(card: HTMLElement, subscription: Subscription): HTMLElement[] {
  const id = subscription.subscriptionId;
  const run = (request: () => Promise<unknown>) => () => void act(card, request);
  const { status, cancelAtPeriodEnd, plan, lastFailure } = subscription;
  if (status === "CANCELLED" || status === "PENDING") return [];
  const cancelNow = button("cancel-now", t("cancelNow"), () => confirmCancelNow(card, id));
  if (status === "PAUSED")
    return [
      button(
        "resume",
        t("resume"),
        run(() => call(() => api.resumeSubscription(id))),
        false,
      ),
      cancelNow,
    ];
  const sign =
    lastFailure?.action === "SIGN_AGREEMENT"
      ? [
          button(
            "sign-again",
            t("signAgain"),
            run(() => setUpAgreement().then(() => toast(t("signedAgain")))),
            false,
          ),
        ]
      : [];
  if (status === "PAST_DUE") return [...sign, cancelNow];
  if (cancelAtPeriodEnd)
    return [
      button(
        "keep",
        t("keepSubscription"),
        run(() => call(() => api.resumeSubscription(id))),
        false,
      ),
    ];
  return [
    ...sign,
    button(
      "pause",
      t("pause"),
      run(() => call(() => api.pauseSubscription(id))),
    ),
    button(
      "cancel-at-end",
      t("cancelAtEnd"),
      run(() => call(() => api.cancelSubscription(id, true))),
    ),
    ...(plan.allowCancelNow ? [cancelNow] : []),
  ];
}

function subscriptionCard(subscription: Subscription): HTMLElement {
  const titleId = `subscription-${subscription.subscriptionId}`;
  const card = el(
    "li",
    {
      class: "card",
      "data-subscription": subscription.subscriptionId,
      "data-status": subscription.status,
      "aria-labelledby": titleId,
    },
    el("h3", { id: titleId }, planName(subscription.plan)),
    el(
      "p",
      { class: "status", "data-ending": subscription.cancelAtPeriodEnd ? "yes" : undefined },
      statusLine(subscription),
    ),
    ...detailLines(subscription).map((line) => el("p", { class: "detail" }, line)),
    el("div", { class: "card-problem" }),
  );
  const actions = actionsOf(card, subscription);
  if (actions.length > 0) card.append(el("div", { class: "actions" }, ...actions));
  return card;
}

function planCard(plan: Plan, subscribed: boolean): HTMLElement {
  const name = planName(plan);
  const card = el(
    "li",
    { class: "card", "data-plan": plan.planId, "data-sku": plan.sku },
    el("h3", {}, name),
    el("p", { class: "price" }, planPrice(plan)),
    el("p", { class: "hint" }, t(plan.freeFirstPeriod ? "planFreeFirst" : "planChargedNow")),
    el("div", { class: "card-problem" }),
  );
  const subscribe = async () => {
    await subscribeTo(plan);
    toast(t("subscribed", { name }));
  };
  card.append(
    subscribed
      ? el("p", { class: "ok" }, t("subscribedAlready"))
      : el(
          "div",
          { class: "actions" },
          el(
            "button",
            {
              type: "button",
              class: "subscribe",
              "aria-label": t("subscribeTo", { name }),
              onclick: () => void act(card, subscribe),
            },
            t("subscribe"),
          ),
        ),
  );
  return card;
}

function reminders(): HTMLElement | undefined {
  if (hasScope("NOTIFICATION_PUSH")) return undefined;
  const box = el(
    "div",
    { class: "reminders", id: "reminders" },
    el("p", { class: "hint" }, t("remindersOff")),
  );
  box.append(
    button("reminders", t("remindersOptIn"), () => void act(box, () => grant("NOTIFICATION_PUSH"))),
    el("div", { class: "card-problem" }),
  );
  return box;
}

/** The customer's own subscriptions, or why they could not be read (the plans show either way). */
function mineSection(mine: Subscription[] | { failed: unknown }): (HTMLElement | undefined)[] {
  const heading = el("h2", {}, t("mySubscriptions"));
  if (!Array.isArray(mine))
    return [heading, problemBox(backendProblem(mine.failed), () => void renderSubscriptions())];
  if (mine.length === 0) return [heading, el("p", { id: "subscriptions-empty" }, t("subscriptionsEmpty"))];
  return [
    heading,
    el("ul", { class: "cards", id: "my-subscriptions" }, ...mine.map(subscriptionCard)),
    reminders(),
  ];
}

export async function renderSubscriptions(): Promise<void> {
  const show = screen();
  const title = el("h1", {}, t("navSubscriptions"));
  show(title, el("p", { role: "status" }, t("loading")));
  try {
    const [{ plans }, mine] = await Promise.all([
      call(() => api.listPlans(), "public"),
      call(() => api.listSubscriptions()).then(
        (answer) => answer.subscriptions,
        (failed: unknown) => ({ failed }),
      ),
    ]);
    const live = new Set(
      (Array.isArray(mine) ? mine : []).filter((s) => s.status !== "CANCELLED").map((s) => s.plan.planId),
    );
    show(
      title,
      ...mineSection(mine),
      el("h2", {}, t("plansTitle")),
      plans.length === 0
        ? el("p", {}, t("plansEmpty"))
        : el(
            "ul",
            { class: "cards", id: "plans" },
            ...plans.map((plan) => planCard(plan, live.has(plan.planId))),
          ),
      el("p", { class: "hint after-cards" }, t("subscribeHint")),
    );
  } catch (error) {
    show(
      title,
      problemBox(backendProblem(error), () => void renderSubscriptions()),
    );
  }
}
