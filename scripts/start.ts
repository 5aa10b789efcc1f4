// `npm start`, after `npm run build`: the production build on this machine — the app as the release
// runs it (Next's standalone server.js) and the bundled workers, both with NODE_ENV=production.
//
// Without production settings it prepares what `npm run dev` does (local keys and secrets, the
// database, the demo catalog, a first admin, the sandbox as the wallet) and hands the app and
// workers that configuration explicitly, since production mode generates nothing. With
// NODE_ENV=production in the environment it only starts the two processes, on the settings given:
// migrations are the deploy's own step there (README, "Going live"), and no demo data is added.
// A server runs the release folder instead (`npm run build` writes it; README, "Going live").
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type Env, getEnv } from "@/lib/platform/env";
import {
  localAppUrl,
  localMail,
  nameOwnLines,
  ProcessGroup,
  prepareDatabase,
  say,
  sayWhereEverythingIs,
  startSandbox,
  waitForHttp,
} from "./local-stack";

const SERVER = ".next/standalone/server.js";
const WORKERS = "dist/workers.mjs";

nameOwnLines("start");
for (const built of [SERVER, WORKERS]) {
  if (!existsSync(built)) {
    say(`${built} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}
const env = getEnv();
const group = new ProcessGroup();

/** The configuration this process resolved locally, given to children that run as production. */
function productionSettings(local: Env, walletPublicKeyPem: string | undefined): Record<string, string> {
  const settings: Record<string, string> = {
    NODE_ENV: "production",
    PUBLIC_BASE_URL: local.publicBaseUrl,
    DATABASE_URL: local.databaseUrl,
    REDIS_URL: local.redisUrl,
    WALLET_BASE_URL: local.wallet.baseUrl,
    WALLET_CLIENT_ID: local.wallet.clientId,
    WALLET_KEY_VERSION: local.wallet.keyVersion,
    MERCHANT_PRIVATE_KEY: local.wallet.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    TOKEN_ENCRYPTION_KEY: local.tokenEncryptionKey.toString("base64"),
    SESSION_SECRET: local.sessionSecret,
    NEXTAUTH_SECRET: local.nextauthSecret,
    // Reached directly on this machine, with no proxy in front (production's default is one).
    TRUSTED_PROXY_HOPS: String(local.trustedProxyHops),
  };
  const walletKey =
    walletPublicKeyPem ?? local.wallet.publicKey?.export({ type: "spki", format: "pem" }).toString();
  if (walletKey) settings.WALLET_PUBLIC_KEY = walletKey;
  return settings;
}

async function main() {
  let settings: Record<string, string> = {};
  let firstAdmin: Awaited<ReturnType<typeof prepareDatabase>> = null;
  if (env.isProduction) {
    say(
      "NODE_ENV=production: starting the app and workers on the given settings (no migrations, no sandbox)",
    );
  } else {
    mkdirSync(env.localDir, { recursive: true });
    firstAdmin = await prepareDatabase(env);
    const walletKey = env.wallet.usesSandbox ? await startSandbox(group, env) : undefined;
    settings = { ...productionSettings(env, walletKey), ...(await localMail(env)) };
  }

  // The standalone server listens on HOSTNAME, which some shells and containers set to the machine's
  // name: always say where. HOST, this machine only unless told otherwise: a laptop's console (with
  // its first admin) must not answer on the café's network.
  group.start("app", process.execPath, [path.resolve(SERVER)], {
    ...settings,
    PORT: String(env.port),
    HOSTNAME: env.host,
  });
  group.start("workers", process.execPath, [WORKERS], settings);

  const appUrl = localAppUrl(env);
  await waitForHttp(`${appUrl}/api/health/live`, 60_000);
  const ready = await fetch(`${appUrl}/api/health/ready`);
  say(`health: ${ready.status === 200 ? "ok" : `not ready (${ready.status}): ${await ready.text()}`}`);
  sayWhereEverythingIs(env, firstAdmin);
  say("ready");
}

main().catch((error) => {
  say(error instanceof Error ? error.message : String(error));
  void group.stop(1);
});
