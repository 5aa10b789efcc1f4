// `npm run wallet:check` (in production: `node dist/wallet-check.mjs`): checks the configured wallet
// before customers meet it — address, Client-Id, key version, our signature as the wallet sees it,
// its signature with our copy of its key, the clocks, and our notification URLs. Exit code 1 when a
// check fails. Changes nothing at the wallet (lib/platform/wallet-check/).
import { getEnv } from "@/lib/platform/env";
import { formatWalletCheck, runWalletCheck } from "@/lib/platform/wallet-check/run-wallet-check";

const env = getEnv();
console.log(
  `Checking the wallet at ${env.wallet.baseUrl} as ${env.wallet.clientId} (keyVersion ${env.wallet.keyVersion})` +
    `${env.wallet.usesSandbox ? ", the local sandbox" : ""}; notify URLs at ${env.publicBaseUrl}\n`,
);
const report = await runWalletCheck(env);
console.log(formatWalletCheck(report));
process.exit(report.passed ? 0 : 1);
