// How the console writes times: UTC, to the minute ("2026-11-29 11:30 UTC"); an absent one as a dash.
export const formatTime = (d: Date | null | undefined): string => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : "—");

export const formatBytes = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
