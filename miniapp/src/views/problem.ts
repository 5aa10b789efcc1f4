// A failure in words, with the one thing the customer can do about it.
import { el } from "../dom";
import type { Problem } from "../errors";
import { t } from "../i18n";

export function problemBox(problem: Problem, again?: () => void): HTMLElement {
  const action =
    problem.remedy === "finish-agreement"
      ? el(
          "a",
          { href: "#/account", class: "button secondary", "data-remedy": "finish-agreement" },
          t("agreementSetup"),
        )
      : again && problem.remedy !== "none"
        ? el(
            "button",
            { type: "button", class: "secondary", "data-remedy": problem.remedy, onclick: again },
            t("retry"),
          )
        : undefined;
  return el("div", { class: "problem", role: "alert" }, el("p", {}, problem.text), action);
}
