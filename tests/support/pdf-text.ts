// The text of the PDFs lib/invoices/pdf-writer.ts writes (uncompressed content streams, WinAnsiEncoding): every
// string shown with Tj, in drawing order, decoded to Unicode, plus the URIs of the page's link annotations.
// Enough to assert what a reader of the PDF sees without a PDF package or poppler on the machine.

/** WinAnsiEncoding's 0x80-0x9F glyphs that differ from Latin-1 (the ones pdf-writer.ts writes). */
const WIN_ANSI: Record<number, string> = { 0x80: "€", 0x85: "…", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x96: "–", 0x97: "—" };

const unescape = (raw: string): string => raw.replace(/\\([()\\])/g, "$1");
const decode = (latin1: string): string => [...latin1].map((c) => WIN_ANSI[c.charCodeAt(0)] ?? c).join("");

export const pdfText = (pdf: Uint8Array): { lines: string[]; links: string[] } => {
  const body = Buffer.from(pdf).toString("latin1");
  const lines: string[] = [];
  for (const [, stream] of body.matchAll(/stream\n([\s\S]*?)\nendstream/g))
    for (const [, s] of stream.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) lines.push(decode(unescape(s)));
  const links = [...body.matchAll(/\/URI \(((?:\\.|[^\\)])*)\)/g)].map(([, s]) => decode(unescape(s)));
  return { lines, links };
};
