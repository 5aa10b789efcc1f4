// The fork's settings file (hooks/settings.ts): each variable validated on its own, blank counted as
// unset, every bad variable named in one error, and the sandbox's app id only when the sandbox plays
// the wallet.
import { describe, expect, it } from "vitest";
import { parseHookSettings } from "@/hooks/settings";
import { EnvError } from "@/lib/platform/env";

const sandbox = { walletIsSandbox: true };
const realWallet = { walletIsSandbox: false };

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseHookSettings(source, realWallet);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
  throw new Error("the settings were accepted");
}

describe("hook settings", () => {
  it("nothing set: no kitchen tickets, and an app id only when the sandbox plays the wallet", () => {
    expect(parseHookSettings({}, sandbox)).toEqual({
      kitchenTicketUrl: undefined,
      miniAppId: "sandbox-mini-app",
    });
    expect(parseHookSettings({}, realWallet)).toEqual({ kitchenTicketUrl: undefined, miniAppId: undefined });
  });

  it.each(["", "   ", "\t"])("a blank value (%j) counts as unset", (blank) => {
    expect(parseHookSettings({ KITCHEN_TICKET_URL: blank, MINI_APP_ID: blank }, realWallet)).toEqual({
      kitchenTicketUrl: undefined,
      miniAppId: undefined,
    });
  });

  it.each([
    "https://kitchen.example/tickets",
    "http://127.0.0.1:8080/tickets",
    "  https://kitchen.example/tickets?printer=2  ",
  ])("takes the kitchen's URL %j", (url) => {
    expect(parseHookSettings({ KITCHEN_TICKET_URL: url }, realWallet).kitchenTicketUrl).toBe(url.trim());
  });

  it.each(["2021000000000042", "sandbox-mini-app", "shop.mini_app-1"])("takes the app id %j", (id) => {
    expect(parseHookSettings({ MINI_APP_ID: id }, sandbox).miniAppId).toBe(id);
    expect(parseHookSettings({ MINI_APP_ID: id }, realWallet).miniAppId).toBe(id);
  });

  it.each([
    "kitchen.example/tickets",
    "not a url",
    "ftp://kitchen.example/tickets",
    "mailto:kitchen@example.com",
  ])("refuses KITCHEN_TICKET_URL=%j, naming the variable", (url) => {
    expect(problemsOf({ KITCHEN_TICKET_URL: url })).toEqual(["KITCHEN_TICKET_URL: must be an http(s) URL"]);
  });

  it.each(["app id", "app/../id", "x".repeat(65), "appId=1&page=x"])(
    "refuses MINI_APP_ID=%j, naming the variable",
    (id) => {
      expect(problemsOf({ MINI_APP_ID: id })).toEqual([
        "MINI_APP_ID: must be the app id the wallet gave the mini program",
      ]);
    },
  );

  it("names every bad variable at once, and the error says which", () => {
    const problems = problemsOf({ KITCHEN_TICKET_URL: "kitchen", MINI_APP_ID: "a b" });
    expect(problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "KITCHEN_TICKET_URL",
      "MINI_APP_ID",
    ]);
    expect(() => parseHookSettings({ KITCHEN_TICKET_URL: "kitchen" }, sandbox)).toThrow(
      /Invalid configuration:\n {2}- KITCHEN_TICKET_URL: /,
    );
  });

  it("ignores variables that are not its own", () => {
    expect(
      parseHookSettings({ DATABASE_URL: "nonsense", PORT: "-1" }, realWallet).kitchenTicketUrl,
    ).toBeUndefined();
  });
});
