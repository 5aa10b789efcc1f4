import type { IncomingMessage } from "node:http";

export class BodyTooLargeError extends Error {}

/** Reads the raw body text: signatures are verified over exactly these bytes. */
export async function readBody(request: IncomingMessage, limitBytes = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes) throw new BodyTooLargeError(`body larger than ${limitBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}
