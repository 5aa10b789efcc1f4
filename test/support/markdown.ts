// Reading the repository's markdown the way GitHub renders it: which relative links and #anchors
// resolve, and the fenced code block a marker comment points at (the README's walkthrough).
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

const FENCE = /^\s*(```|~~~)/;

/** The lines of a markdown text that are prose, with fenced code blocks blanked (line numbers kept). */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split("\n").map((line) => {
    const opening = FENCE.exec(line)?.[1];
    if (fence === undefined && opening) {
      fence = opening;
      return "";
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence)) fence = undefined;
      return "";
    }
    return line;
  });
}

/**
 * GitHub's anchor for a heading: the rendered text, lowercased, punctuation and symbols removed
 * (letters, digits, `_`, `-` and spaces stay), spaces turned into hyphens.
 */
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/<[^>]+>/g, ""); // inline HTML
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor the headings of a markdown text get; repeated headings get `-1`, `-2`, … */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface MarkdownLink {
  target: string;
  line: number;
}

/** Inline links, images and reference definitions outside code blocks and code spans. */
function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(markdown).forEach((text, index) => {
    const line = text.replace(/`[^`]*`/g, "");
    for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1] ?? "", line: index + 1 });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(line);
    if (definition) links.push({ target: definition[1] ?? "", line: index + 1 });
  });
  return links;
}

const EXTERNAL = /^[a-z][a-z\d+.-]*:/i;
/** GitHub's line anchors on source files (`#L10`, `#L10-L20`). */
const LINE_ANCHOR = /^L\d+(-L\d+)?$/;

/**
 * The relative links of a markdown file that do not resolve: a missing file or folder, or an anchor
 * that no heading of the target markdown file produces. External links are not checked.
 */
export function findBrokenLinks(file: string): string[] {
  const markdown = readFileSync(file, "utf8");
  const broken: string[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (path: string) => {
    let found = anchorsOf.get(path);
    if (!found) {
      found = headingAnchors(path === file ? markdown : readFileSync(path, "utf8"));
      anchorsOf.set(path, found);
    }
    return found;
  };

  for (const { target, line } of markdownLinks(markdown)) {
    if (EXTERNAL.test(target)) continue;
    const hash = target.indexOf("#");
    const pathPart = hash < 0 ? target : target.slice(0, hash);
    const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const path = pathPart ? resolve(dirname(file), decodeURIComponent(pathPart)) : file;
    const where = `${file}:${line}: ${target}`;
    if (!existsSync(path)) {
      broken.push(`${where} (no such file)`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(path).isDirectory() || !path.endsWith(".md")) {
      if (!LINE_ANCHOR.test(anchor)) broken.push(`${where} (anchor on a file that is not markdown)`);
      continue;
    }
    if (!anchors(path).has(anchor)) broken.push(`${where} (no heading makes #${anchor})`);
  }
  return broken;
}

/**
 * The body of the first fenced code block after a line holding `marker` (e.g. `<!-- walkthrough -->`),
 * exactly as written. Throws when the marker or the block is missing.
 */
export function fencedBlockAfter(markdown: string, marker: string): string {
  const lines = markdown.split("\n");
  const markerAt = lines.findIndex((line) => line.includes(marker));
  if (markerAt < 0) throw new Error(`no ${marker} in the document`);
  const openAt = lines.findIndex((line, index) => index > markerAt && FENCE.test(line));
  const fence = openAt < 0 ? undefined : FENCE.exec(lines[openAt] ?? "")?.[1];
  const closeAt = lines.findIndex((line, index) => index > openAt && line.trim() === fence);
  if (!fence || closeAt < 0) throw new Error(`no fenced code block after ${marker}`);
  return lines.slice(openAt + 1, closeAt).join("\n");
}
