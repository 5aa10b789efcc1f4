// A plain static file server on a free port of 127.0.0.1: a mini program served apart from the app
// and the sandbox, as a merchant's own dev server or the wallet's hosting would serve it.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves `root`; unknown paths get index.html (a single-page app's routes). */
export async function serveStatic(root: string): Promise<StaticServer> {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ""));
    const target = file.startsWith(root) && path.extname(file) ? file : path.join(root, "index.html");
    try {
      const body = await readFile(target);
      response.writeHead(200, { "Content-Type": TYPES[path.extname(target)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
