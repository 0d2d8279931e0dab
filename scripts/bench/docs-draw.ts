// How long /docs (Scalar) takes to draw the API document, and how big the document is: serves the real /docs
// page (app/docs/route.tsx), Scalar's bundle and the document from a small local server, then times in
// Chromium (1280x800) from navigation until the reference shows its first operation's section.
// Usage: npx tsx scripts/bench/docs-draw.ts [document.json] [runs]  (default: the document built now; 3 runs)
// docs/benchmarks.md records its results.
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { GET as docsPage } from "../../app/docs/route.tsx";
import { readScalarBundle } from "../../app/docs/scalar-bundle.ts";
import { buildOpenApiDocument } from "../../lib/http/openapi.ts";
import { registeredRoutes } from "../../lib/http/registry.ts";
import { loadRouteTable } from "../../lib/ops/route-table.ts";

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
let json: string;
if (file) json = JSON.stringify(JSON.parse(fs.readFileSync(file, "utf8")));
else {
  await loadRouteTable();
  json = JSON.stringify(buildOpenApiDocument(registeredRoutes(), "http://127.0.0.1"));
}
const body = Buffer.from(json);
const gzipped = zlib.gzipSync(body);
const brotli = zlib.brotliCompressSync(body);
const html = await (await docsPage(new Request("http://127.0.0.1/docs"))).text();
const bundle = await readScalarBundle();

const server = http.createServer((req, res) => {
  if (req.url?.startsWith("/docs/scalar.js")) return res.writeHead(200, { "content-type": "text/javascript" }).end(bundle);
  if (req.url === "/api/v1/openapi.json") return res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(gzipped);
  if (req.url === "/docs") return res.writeHead(200, { "content-type": "text/html" }).end(html);
  res.writeHead(404).end();
});
await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
const port = (server.address() as { port: number }).port;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const start = Date.now();
  await page.goto(`http://127.0.0.1:${port}/docs`);
  // the first operation's section: its "Copy link"-able heading in the reference body
  await page.locator(".section-content .endpoint, [id*='/POST/'], [id*='/GET/']").first().waitFor({ state: "attached", timeout: 120_000 });
  await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 120_000 });
  times.push(Date.now() - start);
  // SHOT=<dir>: the reference as drawn, then the first operation's "try it" (its authentication form)
  if (process.env.SHOT && i === 0) {
    await page.screenshot({ path: `${process.env.SHOT}/docs.png` });
    await page.locator("[id$='/GET/v1/users/link/details']").first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${process.env.SHOT}/operation.png` });
    await page
      .getByRole("button", { name: /test request/i })
      .first()
      .click();
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `${process.env.SHOT}/try-it.png` });
    // the key shown, and the request as code
    const form = page.getByRole("dialog");
    await form
      .locator("button:right-of(:text('Bearer Token'))")
      .last()
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await form.getByText("Code Snippet").click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${process.env.SHOT}/try-it-snippet.png` });
  }
  await page.close();
}
await browser.close();
server.close();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  JSON.stringify({
    bytes: body.length,
    gzip: gzipped.length,
    brotli: brotli.length,
    sizes: `${kb(body.length)} raw, ${kb(gzipped.length)} gzip, ${kb(brotli.length)} brotli`,
    drawMs: times,
  }),
);
process.exit(0);
