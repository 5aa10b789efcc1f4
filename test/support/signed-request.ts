// Hand-built signed requests for conformance tests of the wallet's authentication: lets a test
// choose the exact Request-Time, Content-Type or Signature header, which a correct client never
// gets wrong. Signing itself is lib/wallet/signature.ts.
import type { KeyObject } from "node:crypto";
import { formatWalletTime, JSON_CONTENT_TYPE, signMessage } from "@/lib/wallet/signature";

export interface RawRequestOptions {
  baseUrl: string;
  path: string;
  clientId: string;
  privateKey: KeyObject;
  body: string;
  time?: string;
  contentType?: string | null;
  /** Replace the Signature header (null: leave it out). */
  signatureHeader?: string | null;
  /** Sign this text instead of the body (to send a body that does not match its signature). */
  signedBody?: string;
  urlEncode?: boolean;
  /** The keyVersion the Signature header names (default 1). */
  keyVersion?: string | number;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: { result?: { resultStatus?: string; resultCode?: string; resultMessage?: string } } & Record<
    string,
    unknown
  >;
}

export async function sendSignedRequest(options: RawRequestOptions): Promise<RawAnswer> {
  const time = options.time ?? formatWalletTime(new Date());
  const signature = signMessage(
    {
      method: "POST",
      path: options.path,
      clientId: options.clientId,
      time,
      body: options.signedBody ?? options.body,
    },
    options.privateKey,
    options.keyVersion ?? 1,
    options.urlEncode,
  );
  const headers: Record<string, string> = { "Client-Id": options.clientId, "Request-Time": time };
  if (options.contentType !== null) headers["Content-Type"] = options.contentType ?? JSON_CONTENT_TYPE;
  if (options.signatureHeader !== null) headers.Signature = options.signatureHeader ?? signature;
  const response = await fetch(new URL(options.path, options.baseUrl), {
    method: "POST",
    headers,
    body: options.body,
  });
  const text = await response.text();
  let json: RawAnswer["json"] = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, text, json };
}
