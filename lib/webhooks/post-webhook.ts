import { EXCERPT_CHARS } from "./delivery-policy.ts";

export type AttemptResult = {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
};

/** Reads at most about EXCERPT_CHARS of the body; a body cut by the timeout or a reset keeps what arrived. */
const readExcerpt = async (res: Response): Promise<string> => {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // the status line already decided the attempt; a broken body only shortens the excerpt
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, EXCERPT_CHARS);
};

const describeError = (err: unknown, timeoutMs: number): string => {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } } | undefined;
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `timed out after ${timeoutMs} ms`;
  const cause = e?.cause?.code ?? e?.cause?.message;
  const message = e?.message ?? String(err);
  return cause ? `${message} (${cause})` : message;
};

/**
 * One HTTP attempt: POST `body` to `url`. Never throws: a network failure or a timeout is an
 * attempt result with `error`. Redirects are not followed (a 3xx is a failed attempt).
 */
export const postWebhook = async ({ url, body, headers, timeoutMs }: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}): Promise<AttemptResult> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(url, { method: "POST", body, headers, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    const latencyMs = elapsed();
    const responseExcerpt = await readExcerpt(res);
    return { ok: res.status >= 200 && res.status < 300, statusCode: res.status, latencyMs, responseExcerpt, error: null };
  } catch (err) {
    return { ok: false, statusCode: null, latencyMs: elapsed(), responseExcerpt: null, error: describeError(err, timeoutMs) };
  }
};
