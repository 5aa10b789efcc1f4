// Development convenience: on the first local run, generate what onboarding would otherwise provide
// (merchant RSA key pair, a Client-Id for the sandbox, encryption and session secrets) into an
// ignored folder, so the app runs with no .env at all. Never used when NODE_ENV=production.
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface LocalSecrets {
  clientId: string;
  tokenEncryptionKey: string;
  sessionSecret: string;
  nextauthSecret: string;
  merchantPrivateKeyFile: string;
  merchantPublicKeyFile: string;
  /** Written by `npm run dev` after registering with the sandbox; absent until then. */
  walletPublicKeyFile: string;
  created: boolean;
}

/**
 * Several processes (app, workers, sandbox registration) may start at once: every file is created
 * by writing a temporary file and hard-linking it into place, which fails if another process won,
 * in which case its file is read instead.
 */
function createOnce(file: string, contents: () => string): boolean {
  if (existsSync(file)) return false;
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(temporary, contents(), { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

export function ensureLocalSecrets(directory: string): LocalSecrets {
  const keysDir = path.join(directory, "keys");
  mkdirSync(keysDir, { recursive: true, mode: 0o700 });

  const secretsFile = path.join(directory, "secrets.json");
  const createdSecrets = createOnce(secretsFile, () =>
    JSON.stringify(
      {
        clientId: `local-merchant-${randomBytes(4).toString("hex")}`,
        tokenEncryptionKey: randomBytes(32).toString("base64"),
        sessionSecret: randomBytes(32).toString("base64url"),
        nextauthSecret: randomBytes(32).toString("base64url"),
      },
      null,
      2,
    ),
  );

  const privateFile = path.join(keysDir, "merchant-private.pem");
  const publicFile = path.join(keysDir, "merchant-public.pem");
  let createdKeys = false;
  if (!existsSync(privateFile)) {
    const pair = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    createdKeys = createOnce(privateFile, () => pair.privateKey);
    if (createdKeys) writeFileSync(publicFile, pair.publicKey);
  }

  const secrets = JSON.parse(readFileSync(secretsFile, "utf8")) as Omit<LocalSecrets, "created">;
  return {
    ...secrets,
    merchantPrivateKeyFile: privateFile,
    merchantPublicKeyFile: publicFile,
    walletPublicKeyFile: path.join(keysDir, "wallet-public.pem"),
    created: createdSecrets || createdKeys,
  };
}
