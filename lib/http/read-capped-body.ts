// The one way a request body is read: as a stream, stopping at a byte cap. A Content-Length over the cap
// is refused before a byte is read; a body without one (chunked) is refused as soon as the bytes read pass
// the cap, and the rest is never read. The /v1 kernel (JSON 1 MB, multipart 6 MB) and the Stripe webhook
// route (256 KB) both use it.
import { AppError } from "../core/errors.ts";

/** "1 MB", "6 MB", "256 KB": caps are written in decimal units, as the error messages and docs say. */
const formatBytes = (n: number): string =>
  n >= 1_000_000 && n % 1_000_000 === 0 ? `${n / 1_000_000} MB` : n >= 1000 && n % 1000 === 0 ? `${n / 1000} KB` : `${n} bytes`;

export const bodyTooLarge = (maxBytes: number) => new AppError("BODY_TOO_LARGE", `The request body is larger than ${formatBytes(maxBytes)}.`);

/** Requests whose body readCappedBody read to its end. */
const bodyFullyRead = new WeakSet<Request>();

const aborted = () => new AppError("REQUEST_ABORTED", "The request body could not be read: the connection closed before it arrived.");

/**
 * The request's body bytes, at most `maxBytes` of them. Throws 413 BODY_TOO_LARGE (by Content-Length, or
 * while reading), or 400 REQUEST_ABORTED when the stream breaks off. A refused body is left unread: the
 * caller's response should close the connection (`connectionCloseHeader`), or the server drains it.
 */
export const readCappedBody = async (req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> => {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\s*\d+\s*$/.test(declared) && Number(declared) > maxBytes) throw bodyTooLarge(maxBytes);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        // The client went away mid-body; nothing was done, and nobody is left to read the answer.
        throw aborted();
      }
      if (next.done) {
        bodyFullyRead.add(req);
        break;
      }
      total += next.value.byteLength;
      if (total > maxBytes) throw bodyTooLarge(maxBytes);
      chunks.push(next.value);
    }
  } finally {
    // Not cancel(): on Node.js that destroys the socket, and the 413 would never reach the client.
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
};

/**
 * `Connection: close` for a response sent before the request body was read to its end (refused by size,
 * or by anything checked first): without it Node.js reads and discards the rest to reuse the connection,
 * however long the client keeps sending.
 */
export const connectionCloseHeader = (req: Request): Record<string, string> => (declaresBody(req) && !bodyFullyRead.has(req) ? { connection: "close" } : {});

const declaresBody = (req: Request): boolean => {
  const length = req.headers.get("content-length");
  return req.headers.has("transfer-encoding") || (length !== null && Number(length) !== 0);
};
