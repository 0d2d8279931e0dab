import type { Readable } from "node:stream";
import { EXCERPT_CHARS } from "./delivery-policy.ts";

/** Text safe to store and show: C0 control characters other than tab and newlines (NUL above all) become U+FFFD. */
// eslint-disable-next-line no-control-regex
const printable = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "\ufffd");

/**
 * At most EXCERPT_CHARS characters of a response body, made printable; then the body is destroyed, so a
 * huge or endless response costs nothing more. A body cut by the timeout or a reset keeps what arrived.
 */
export const readExcerpt = (body: Readable): Promise<string> =>
  new Promise((resolve) => {
    const decoder = new TextDecoder();
    let text = "";
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      body.removeAllListeners("data");
      body.destroy();
      resolve(printable(text.slice(0, EXCERPT_CHARS)));
    };
    body.on("data", (chunk: Buffer) => {
      text += decoder.decode(chunk, { stream: true });
      if (text.length >= EXCERPT_CHARS) done();
    });
    body.once("end", done);
    // the status line already decided the attempt; a broken body only shortens the excerpt
    body.once("error", done);
    body.once("close", done);
  });
