// The Scalar API reference's standalone browser bundle, served from node_modules so that /docs works
// offline: @scalar/nextjs-api-reference would otherwise load it from cdn.jsdelivr.net.
import fs from "node:fs/promises";
import path from "node:path";

const PACKAGE_DIR = path.join(process.cwd(), "node_modules", "@scalar", "api-reference");

let version: Promise<string> | undefined;
let bundle: Promise<Buffer> | undefined;

/** The installed @scalar/api-reference version; it goes in the bundle's URL so it can be cached forever. */
export const scalarVersion = (): Promise<string> =>
  (version ??= fs.readFile(path.join(PACKAGE_DIR, "package.json"), "utf8").then((text) => (JSON.parse(text) as { version: string }).version));

/** The bundle (about 4 MB), read once per process. */
export const readScalarBundle = (): Promise<Buffer> => (bundle ??= fs.readFile(path.join(PACKAGE_DIR, "dist", "browser", "standalone.js")));
