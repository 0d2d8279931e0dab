// A small PDF 1.4 writer: A4/Letter pages of text (the standard Helvetica fonts, WinAnsi), lines and links. Enough for an
// invoice or a receipt without a PDF package. Coordinates are PDF points from the bottom left.

export type PdfFont = "regular" | "bold";
type Op = string;

/** Characters outside Latin-1 that WinAnsiEncoding holds (its 0x80-0x9F range), and the spaces Intl writes. */
const WIN_ANSI: Record<number, number> = {
  0x20ac: 0x80, // €
  0x2026: 0x85, // …
  0x2018: 0x91, // ‘
  0x2019: 0x92, // ’
  0x201c: 0x93, // “
  0x201d: 0x94, // ”
  0x2013: 0x96, // –
  0x2014: 0x97, // —
  0x2212: 0x2d, // − (minus) as a hyphen-minus
  0x202f: 0xa0, // narrow no-break space (French digit groups) as a no-break space
  0x2009: 0x20, // thin space
};

/** Text as a PDF string literal in WinAnsiEncoding (Latin-1 plus WIN_ANSI; anything else becomes "?"), with ( ) \ escaped. */
export const pdfString = (s: string): string => {
  let out = "";
  for (const ch of s.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    const mapped = WIN_ANSI[code];
    const c = mapped !== undefined ? String.fromCharCode(mapped) : (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) ? ch : "?";
    out += c === "(" || c === ")" || c === "\\" ? `\\${c}` : c;
  }
  return `(${out})`;
};

/** Approximate Helvetica advance widths (per 1000 em) for layout: right-aligned numbers and truncation. */
const width = (ch: string, font: PdfFont): number => {
  if (/[0-9]/.test(ch)) return 556;
  if (ch === " ") return 278;
  if (/[.,:;'|!]/.test(ch)) return 278;
  if (/[il]/.test(ch)) return 222;
  if (/[A-Z]/.test(ch)) return font === "bold" ? 722 : 667;
  if (/[mwMW]/.test(ch)) return 833;
  return font === "bold" ? 611 : 556;
};
export const textWidth = (s: string, size: number, font: PdfFont = "regular"): number => ([...s].reduce((w, ch) => w + width(ch, font), 0) * size) / 1000;

/** `s` cut with "…" ("...") to fit `max` points. */
export const fitText = (s: string, max: number, size: number, font: PdfFont = "regular"): string => {
  if (textWidth(s, size, font) <= max) return s;
  let cut = s;
  while (cut.length > 0 && textWidth(cut + "...", size, font) > max) cut = cut.slice(0, -1);
  return cut + "...";
};

export class PdfPage {
  ops: Op[] = [];
  /** clickable areas: [x1, y1, x2, y2] and the URI they open */
  links: { rect: [number, number, number, number]; uri: string }[] = [];
  /** Makes a rectangle of the page open `uri` when clicked (a URI link annotation). */
  link(rect: [number, number, number, number], uri: string) {
    this.links.push({ rect, uri });
  }
  text(x: number, y: number, s: string, { size = 10, font = "regular" as PdfFont, align = "left" as "left" | "right" } = {}) {
    const at = align === "right" ? x - textWidth(s, size, font) : x;
    this.ops.push(`BT /${font === "bold" ? "F2" : "F1"} ${size} Tf ${at.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(s)} Tj ET`);
  }
  line(x1: number, y1: number, x2: number, y2: number, { width: w = 0.5, gray = 0.75 } = {}) {
    this.ops.push(`${gray} G ${w} w ${x1} ${y1} m ${x2} ${y2} l S`);
  }
}

/** Builds the document: catalog, pages, two fonts, one content stream a page, and the cross-reference table. */
export const buildPdf = (pages: PdfPage[], { width: W = 612, height: H = 792, title = "" } = {}): Uint8Array<ArrayBuffer> => {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // object numbers start at 1
  const catalog = add(""); // filled below
  const pagesObj = add("");
  const fontRegular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const fontBold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const info = add(`<< /Title ${pdfString(title)} /Producer (Coinop) >>`);
  const pageIds: number[] = [];
  for (const page of pages) {
    const stream = page.ops.join("\n");
    const content = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    const annots = page.links.map((l) =>
      add(`<< /Type /Annot /Subtype /Link /Rect [${l.rect.map((n) => n.toFixed(2)).join(" ")}] /Border [0 0 0] /A << /S /URI /URI ${pdfString(l.uri)} >> >>`),
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${content} 0 R${
          annots.length ? ` /Annots [${annots.map((a) => `${a} 0 R`).join(" ")}]` : ""
        } >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
};
