// The documentation stands alone: every relative link in the READMEs, BENCHMARKS.md and docs/ reaches
// a file of the repository, and every #anchor a heading that GitHub renders with that anchor.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findBrokenLinks, githubSlug, headingAnchors } from "@/test/support/markdown";

const root = new URL("../../../", import.meta.url).pathname;

const documents = [
  "README.md",
  "sandbox/README.md",
  "BENCHMARKS.md",
  "CONTRIBUTING.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
  ...readdirSync(join(root, "docs/adr"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/adr/${name}`),
];

describe("links in the documentation", () => {
  it("covers the docs folder", () => {
    expect(documents).toEqual(
      expect.arrayContaining(["docs/architecture.md", "docs/wallet-interface.md", "docs/adr/README.md"]),
    );
  });

  it.each(documents)("%s: every relative link and anchor resolves", (document) => {
    expect(findBrokenLinks(join(root, document))).toEqual([]);
  });
});

describe("GitHub anchors", () => {
  it.each([
    [
      "Wallet interface notes (the sandbox's own decisions)",
      "wallet-interface-notes-the-sandboxs-own-decisions",
    ],
    ["applyToken: exchange or refresh tokens", "applytoken-exchange-or-refresh-tokens"],
    ["`inquiryPayment`, look up", "inquirypayment-look-up"],
    ["Scope → userInfo fields", "scope--userinfo-fields"],
    ["snake_case and [a link](x.md)", "snake_case-and-a-link"],
  ])("%s → #%s", (heading, anchor) => {
    expect(githubSlug(heading)).toBe(anchor);
  });

  it("numbers repeated headings and ignores headings inside code blocks", () => {
    const anchors = headingAnchors("# Errors\n## Errors\n```md\n# Limits\n```\n### Errors\n");
    expect([...anchors]).toEqual(["errors", "errors-1", "errors-2"]);
  });
});

describe("the link checker", () => {
  const dir = mkdtempSync(join(tmpdir(), "doc-links-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports missing files, missing anchors and anchors on non-markdown files, and nothing else", () => {
    writeFileSync(join(dir, "other.md"), "# Other page\n\n## Section two\n");
    writeFileSync(join(dir, "code.ts"), "export {};\n");
    writeFileSync(
      join(dir, "page.md"),
      [
        "# Page",
        "[ok](other.md) [ok](other.md#section-two) [ok](#page) [ok](https://example.com/x.md#nope)",
        "[ok](code.ts#L1) `[not a link](gone.md)`",
        "```",
        "[not a link](gone.md)",
        "```",
        "[missing](gone.md) [bad anchor](other.md#section-three) [bad here](#nowhere)",
        "[anchor on code](code.ts#top)",
        "[ref]: missing-too.md",
      ].join("\n"),
    );
    const broken = findBrokenLinks(join(dir, "page.md")).map((problem) => problem.slice(dir.length + 1));
    expect(broken).toEqual([
      "page.md:7: gone.md (no such file)",
      "page.md:7: other.md#section-three (no heading makes #section-three)",
      "page.md:7: #nowhere (no heading makes #nowhere)",
      "page.md:8: code.ts#top (anchor on a file that is not markdown)",
      "page.md:9: missing-too.md (no such file)",
    ]);
  });
});
