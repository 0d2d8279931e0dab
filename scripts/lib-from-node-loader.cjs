// A Turbopack loader (next.config.mjs `turbopack.rules`) for the server side of the pages: a module of lib/
// that a page, layout, route handler, server action or instrumentation imports is not bundled; in its place
// Turbopack bundles this module's output, which imports the real file at run time with Node's own `import()`:
//
//   const m = await import(/* turbopackIgnore: true */ pathToFileURL(process.cwd() + "/lib/db/client.ts").href);
//   export const { db, withDb } = m;
//
// In the web process (scripts/serve.ts, `node --import tsx`), that is the module the API dispatch already
// loaded: the same file URL, so the same instance (one Prisma client, one route table, one worker), and lib/
// is loaded once (docs/decisions/architecture.md, "lib/ loaded once"). The browser bundle is not touched
// (the rule's condition is `not browser`): client components still bundle the pure modules they import.
//
// Only the export names are read here (the TypeScript parser, top-level statements): declarations,
// `export { … }` lists and `export * from "./x.ts"` (the names of ./x.ts, read the same way; the generated
// Prisma client has them); a destructured export is refused with the file's name, so it fails the build
// instead of losing names. The names are bound once (`export const`), as
// lib/ exports no `let`. The path is relative to the working directory, which is the project's directory in
// the web process (`npm start`, `npm run dev`) and in `next build`.
const fs = require("node:fs");
const path = require("node:path");
const ts = require("typescript");

/** @param {ts.Node} node @param {ts.SyntaxKind} kind */
const hasModifier = (node, kind) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);

/**
 * The names a module exports at run time (types left out), in source order.
 * @param {string} source @param {string} file its path (relative to the working directory, or absolute)
 * @param {(file: string) => void} [read] told of each file read for an `export *`
 * @returns {string[]}
 */
function exportNames(source, file, read = () => {}) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  /** @type {string[]} */
  const names = [];
  /** @param {string} what @returns {never} */
  const refuse = (what) => {
    throw new Error(`${file}: ${what} (scripts/lib-from-node-loader.cjs reads export names one by one)`);
  };
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st)) {
      if (st.isTypeOnly) continue;
      if (st.exportClause && ts.isNamespaceExport(st.exportClause)) names.push(st.exportClause.name.text);
      else if (st.exportClause) names.push(...st.exportClause.elements.filter((el) => !el.isTypeOnly).map((el) => el.name.text));
      else {
        const from = /** @type {ts.StringLiteral} */ (st.moduleSpecifier).text;
        if (!from.startsWith(".")) refuse(`\`export * from "${from}"\` (only a file of lib/ can be read)`);
        const target = path.join(path.dirname(file), from);
        read(target);
        names.push(...exportNames(fs.readFileSync(target, "utf8"), target, read).filter((n) => n !== "default"));
      }
    } else if (ts.isExportAssignment(st)) names.push("default");
    else if (!hasModifier(st, ts.SyntaxKind.ExportKeyword) || hasModifier(st, ts.SyntaxKind.DeclareKeyword)) continue;
    else if (ts.isVariableStatement(st)) {
      if (!(st.declarationList.flags & ts.NodeFlags.Const)) refuse("an exported `let` or `var` (its later values would not be seen)");
      for (const d of st.declarationList.declarations) names.push(ts.isIdentifier(d.name) ? d.name.text : refuse("a destructured export"));
    } else if (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st))
      names.push(hasModifier(st, ts.SyntaxKind.DefaultKeyword) ? "default" : /** @type {ts.Identifier} */ (st.name).text);
  }
  return names;
}

/** @this {{ resourcePath: string, addDependency?: (file: string) => void }} @param {string} source */
module.exports = function libFromNode(source) {
  const file = "/" + path.relative(process.cwd(), this.resourcePath).split(path.sep).join("/");
  if (!file.startsWith("/lib/")) throw new Error(`${this.resourcePath}: not under ${process.cwd()}/lib`);
  const names = exportNames(source, file.slice(1), (f) => this.addDependency?.(path.resolve(f)));
  const named = names.filter((n) => n !== "default");
  return [
    `import { pathToFileURL } from "node:url";`,
    `const m = await import(/* turbopackIgnore: true */ pathToFileURL(process.cwd() + ${JSON.stringify(file)}).href);`,
    named.length ? `export const { ${named.join(", ")} } = m;` : "",
    names.includes("default") ? "export default m.default;" : "",
  ].join("\n");
};
module.exports.exportNames = exportNames;
