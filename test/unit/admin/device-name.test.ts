// What the sessions page calls a browser: the common phones and laptops by name, version and (for an
// Android phone) model, so two sessions on alike devices read apart; anything else as sent.
import { describe, expect, it } from "vitest";
import { deviceName, deviceOf } from "@/lib/operators/sessions/device-name";

describe("deviceName", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36",
      "Chrome 156 · Android 14 (SM-A546E)",
    ],
    [
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome 131 · Android 10",
    ],
    ["Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0", "Firefox 140 · Android 14"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari 18 · iPhone (iOS 18.1)",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36 Edg/156.0",
      "Edge 156 · Windows",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0", "Firefox 140 · Linux"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.6 Safari/605.1.15",
      "Safari 17 · Mac",
    ],
    ["curl/8.5.0", "curl 8"],
    ["a-tool-of-ours/1.0", "a-tool-of-ours/1.0"],
    [null, "?"],
  ])("%s → %s", (userAgent, expected) => {
    expect(deviceName(userAgent)).toBe(expected);
  });

  it("tells apart two phones of one operator that an older version could not", () => {
    const older = deviceOf(
      "Mozilla/5.0 (Linux; Android 13; SM-A136B) AppleWebKit/537.36 Chrome/120.0 Mobile",
    );
    const newer = deviceOf(
      "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/156.0 Mobile",
    );
    expect(older).toEqual({ browser: "Chrome 120", system: "Android 13 (SM-A136B)" });
    expect(newer).toEqual({ browser: "Chrome 156", system: "Android 14 (SM-A546E)" });
  });
});
