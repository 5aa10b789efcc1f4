// A self-signed certificate for 127.0.0.1, made by the openssl CLI: for receivers that the production
// build must reach over https (it calls webhooks over https only). The processes that call them trust
// it through NODE_EXTRA_CA_CERTS, which Node reads when it starts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface LoopbackCertificate {
  keyPem: string;
  certPem: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
  /** Deletes the files (once the processes that read them at start are stopped). */
  remove(): void;
}

export function loopbackCertificate(): LoopbackCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), "loopback-tls-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  const made = spawnSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
    "-keyout",
    keyFile,
    "-out",
    certFile,
  ]);
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`);
  return {
    keyPem: readFileSync(keyFile, "utf8"),
    certPem: readFileSync(certFile, "utf8"),
    certFile,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
