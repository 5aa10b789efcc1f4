// Append-only JSON-lines journal: every mutation appends the entity's new version.
//
// On open the journal is replayed (last version of each entity wins) and compacted: the current
// entities are written to a fresh file that atomically replaces the old one, so the file never grows
// beyond one line per entity plus what one run appends. No native addon (npm install scripts are
// disabled here) and no fsync per write: a sandbox may lose the last few writes of a crash, never
// those of a clean shutdown, and appends stay cheap enough for the bench.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { join } from "node:path";

export interface JournalRecord {
  kind: string;
  id: string;
  value?: unknown;
  deleted?: boolean;
}

const FILE_NAME = "journal.jsonl";

// BigInt amounts are written as {"$big":"123"} and read back as BigInt.
function replacer(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? { $big: value.toString() } : value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const big = (value as { $big?: unknown }).$big;
    if (typeof big === "string" && Object.keys(value).length === 1) return BigInt(big);
  }
  return value;
}

function encodeRecord(record: JournalRecord): string {
  return `${JSON.stringify(record.deleted ? { k: record.kind, id: record.id, d: 1 } : { k: record.kind, id: record.id, v: record.value }, replacer)}\n`;
}

export class Journal {
  private fd: number | null = null;
  private readonly path: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.path = join(dataDir, FILE_NAME);
  }

  /** Replays the journal into `apply`, then compacts it and opens it for appending. */
  open(): Map<string, Map<string, unknown>> {
    const latest = new Map<string, Map<string, unknown>>();
    if (existsSync(this.path)) {
      const lines = readFileSync(this.path, "utf8").split("\n");
      for (const [index, line] of lines.entries()) {
        if (!line.trim()) continue;
        let parsed: { k: string; id: string; v?: unknown; d?: number };
        try {
          parsed = JSON.parse(line, reviver);
        } catch {
          // Only the last line can be torn by a crash mid-write; anything else is worth a warning.
          if (index < lines.length - 2)
            console.warn(`[sandbox] skipped unreadable journal line ${index + 1}`);
          continue;
        }
        let entities = latest.get(parsed.k);
        if (!entities) {
          entities = new Map();
          latest.set(parsed.k, entities);
        }
        if (parsed.d) entities.delete(parsed.id);
        else entities.set(parsed.id, parsed.v);
      }
    }
    this.rewrite(latest);
    return latest;
  }

  /** Replaces the whole file with these entities (one line each), atomically, and appends after them. */
  rewrite(entities: Map<string, Map<string, unknown>>): void {
    this.close();
    const tmp = `${this.path}.tmp`;
    const tmpFd = openSync(tmp, "w");
    try {
      for (const [kind, byId] of entities) {
        for (const [id, value] of byId) writeSync(tmpFd, encodeRecord({ kind, id, value }));
      }
    } finally {
      closeSync(tmpFd);
    }
    renameSync(tmp, this.path);
    this.fd = openSync(this.path, "a");
  }

  append(record: JournalRecord): void {
    if (this.fd === null) throw new Error("journal is not open");
    writeSync(this.fd, encodeRecord(record));
  }

  close(): void {
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
    }
  }
}
