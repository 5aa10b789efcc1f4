// What the sessions page calls a browser: the common phones and laptops by name, anything else as sent.
import { describe, expect, it } from "vitest";
import { deviceName } from "@/lib/operators/sessions/device-name";

describe("deviceName", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36",
      "Chrome · Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari · iPhone or iPad",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36 Edg/156.0",
      "Edge · Windows",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0", "Firefox · Linux"],
    ["curl/8.5.0", "curl"],
    ["a-tool-of-ours/1.0", "a-tool-of-ours/1.0"],
    [null, "?"],
  ])("%s → %s", (userAgent, expected) => {
    expect(deviceName(userAgent)).toBe(expected);
  });
});
