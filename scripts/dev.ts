// `npm run dev`: everything a developer needs, on this machine's PostgreSQL and Redis.
//   1. configuration (generates local keys and secrets on the first run),
//   2. the database (created if missing), its migrations, the demo catalog and a first admin,
//   3. the wallet sandbox, when no real wallet is configured, with our merchant registered in it,
//      and a local mail catcher for alerts, when no SMTP server is configured,
//   4. the Next.js app (`next dev`), the background workers and the reference mini program (Vite),
//   5. the routes the wallet and the mini program call, compiled before "ready" is printed,
// each as its own process with prefixed output (scripts/local-stack.ts). Ctrl-C stops them all.
// The banner starts with the wallet container's address: the reference mini program, paying.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type Env, getEnv } from "@/lib/platform/env";
import {
  localAppUrl,
  localMail,
  ProcessGroup,
  prepareDatabase,
  say,
  sayWhereEverythingIs,
  startSandbox,
  waitForHttp,
} from "./local-stack";
import { routePathsToWarm, warmRoutes } from "./warm-routes";

const env = getEnv();
// Keep the folder for generated files around even before anything writes there.
mkdirSync(env.localDir, { recursive: true });
const group = new ProcessGroup();

async function main() {
  const firstAdmin = await prepareDatabase(env);
  if (env.wallet.usesSandbox) await startSandbox(group, env);
  else say(`wallet: ${env.wallet.baseUrl} (WALLET_BASE_URL is set; the sandbox is not started)`);

  const mail = await localMail(env);
  const settings = { ...mail, ...loopbackForLocalTesting(env) };
  const listen = ["dev", "--port", String(env.port), "--hostname", env.host];
  group.start("app", path.resolve("node_modules/.bin/next"), listen, {
    NEXT_TELEMETRY_DISABLED: "1",
    ...settings,
  });
  // The reference mini program (miniapp/) on Vite's dev server, hot reload through the container.
  group.start("miniapp", path.resolve("node_modules/.bin/vite"), ["--config", "miniapp/vite.config.ts"], {
    MINIAPP_PORT: String(env.miniProgram.port),
  });
  if (existsSync("workers/main.ts"))
    group.start("workers", path.resolve("node_modules/.bin/tsx"), ["workers/main.ts"], settings);

  const appUrl = localAppUrl(env);
  await waitForHttp(`${appUrl}/api/health/live`, 120_000);
  const started = performance.now();
  say("compiling the routes the wallet and the mini program call (next dev compiles on first use)");
  const failed = await warmRoutes(appUrl, routePathsToWarm(process.cwd()), 300_000);
  for (const route of failed) say(`warning: ${route} did not compile cleanly; see the [app] lines above`);
  say(`routes compiled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const health = await fetch(`${appUrl}/api/health`).then((response) => response.json());
  say(`health: ${JSON.stringify(health.checks ? health.status : health)}`);
  await waitForHttp(`http://127.0.0.1:${env.miniProgram.port}/`, 60_000);
  sayWhereEverythingIs(env, firstAdmin, { miniProgram: true });
  say("ready");
}

/**
 * Webhooks and chat alerts go to public addresses only; here, and only here, this machine is opened
 * too, so a receiver on the developer's laptop can be tried. Said out loud, since production refuses it.
 */
function loopbackForLocalTesting(local: Env): Record<string, string> {
  say(
    "outbound: webhooks and chat alerts may call this machine (127.0.0.0/8, ::1) for local testing; " +
      "npm start and production refuse it",
  );
  const networks = [local.outbound.allowedNetworks, "127.0.0.0/8,::1/128"].filter(Boolean).join(",");
  return { OUTBOUND_ALLOWED_NETWORKS: networks };
}

main().catch((error) => {
  say(error instanceof Error ? error.message : String(error));
  void group.stop(1);
});
