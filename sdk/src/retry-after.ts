/** Retry-After in seconds: a number of seconds or an HTTP date. */
export const parseRetryAfter = (value: string | null, now = Date.now()): number | null => {
  if (value === null || value.trim() === "") return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
};
