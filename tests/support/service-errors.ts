// The static side of the API's error knowledge (tests/service-errors.test.ts), read from the source alone.
//
// A module of lib/ raises the error-code literals of its own code: one it throws or returns as an AppError,
// passes to a helper (`conflict("X", …)`), or keeps in a refusal table (`{ code: "X", … }`); `notFound(what)`
// is NOT_FOUND. Comparisons (`err.code === "X"`, `case "X":`), types and its own `*_ERRORS` list raise nothing.
// It can also raise everything a module it imports can raise, module by module: importing any function of a
// module that can raise (directly or through its own imports) charges the importer with that module's whole
// list, so a list is the spread of the lists of what the file imports plus its own codes. Importing only
// what raises nothing (a constant, a type, a pure function) charges nothing.
// A route declaration (`route({...})`) is charged with the modules its own object uses (handler, schemas,
// local helpers), so two methods in one route file document their own codes.
// Not scanned: the kernel (lib/http), whose codes lib/http/openapi.ts adds per route, and the error table.
import ts from "typescript";
import { ERRORS, type ErrorCode } from "../../lib/core/errors.ts";

export type Source = { path: string; text: string };

/** a binding a module uses: [module, exported name], or [module, "*"] for a namespace or side-effect import */
type Use = readonly [string, string];

type Scanned = {
  /** codes raised in the file's own code, its `*_ERRORS` lists excluded */
  raised: Set<ErrorCode>;
  /** every value binding the file imports (imports of unscanned modules left out) */
  uses: Use[];
  /** local name → what it imports */
  bindings: Map<string, Use>;
  /** exported name → its declaration, or what it re-exports */
  exports: Map<string, ts.Node | Use>;
  /** what a node (with the local helpers it calls) raises and which imported bindings it uses */
  usesOf: (node: ts.Node) => { raised: Set<ErrorCode>; uses: Use[] };
  /** its exported `*_ERRORS` lists, unevaluated */
  lists: Map<string, ts.Expression>;
  /** each `route({ method, path, ... })` of the file, keyed "METHOD /path" */
  routes: Map<string, ts.ObjectLiteralExpression>;
};

const isCode = (s: string): s is ErrorCode => Object.hasOwn(ERRORS, s);

/** Files not scanned: the kernel adds its own codes per route; the table names every code. */
export const NOT_SCANNED = (path: string) => path.startsWith("lib/http/") || path === "lib/core/errors.ts" || path.startsWith("lib/db/generated/");

const resolve = (from: string, spec: string, exists: (p: string) => boolean): string | undefined => {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) {
    const parts = from.split("/").slice(0, -1);
    for (const seg of spec.split("/")) {
      if (seg === "..") parts.pop();
      else if (seg !== ".") parts.push(seg);
    }
    base = parts.join("/");
  } else return undefined;
  for (const p of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (exists(p)) return p;
  return undefined;
};

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) || ts.isTypeAssertionExpression(e) ? unwrap(e.expression) : e;

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

const exported = (st: ts.Statement) => ts.canHaveModifiers(st) && (ts.getModifiers(st) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

const scan = ({ path, text }: Source, scanned: (p: string) => boolean, exists: (p: string) => boolean): Scanned => {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const bindings = new Map<string, Use>();
  const uses: Use[] = [];
  const locals = new Map<string, ts.Node>();
  const exports = new Map<string, ts.Node | Use>();
  const lists = new Map<string, ts.Expression>();
  const routes = new Map<string, ts.ObjectLiteralExpression>();
  let notFoundName: string | undefined;

  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const spec = st.moduleSpecifier.text;
      const clause = st.importClause;
      const named = clause?.namedBindings;
      if (/core\/errors(\.ts)?$/.test(spec) && named && ts.isNamedImports(named))
        for (const el of named.elements) if ((el.propertyName ?? el.name).text === "notFound") notFoundName = el.name.text;
      const target = resolve(path, spec, exists);
      if (!target || !scanned(target) || clause?.isTypeOnly) continue;
      if (!clause) uses.push([target, "*"]);
      if (clause?.name) bindings.set(clause.name.text, [target, "default"]);
      if (named && ts.isNamespaceImport(named)) bindings.set(named.name.text, [target, "*"]);
      if (named && ts.isNamedImports(named))
        for (const el of named.elements) if (!el.isTypeOnly) bindings.set(el.name.text, [target, (el.propertyName ?? el.name).text]);
    } else if (ts.isExportDeclaration(st) && !st.isTypeOnly) {
      const target = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? resolve(path, st.moduleSpecifier.text, exists) : undefined;
      if (st.moduleSpecifier && (!target || !scanned(target))) continue;
      if (!st.exportClause) uses.push([target!, "*"]);
      else if (ts.isNamedExports(st.exportClause))
        for (const el of st.exportClause.elements) {
          const from = (el.propertyName ?? el.name).text;
          if (target) {
            exports.set(el.name.text, [target, from]);
            uses.push([target, from]);
          } else exports.set(el.name.text, [path, `local:${from}`]);
        }
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        locals.set(d.name.text, d);
        if (exported(st)) exports.set(d.name.text, d);
        if (exported(st) && /_ERRORS$/.test(d.name.text) && d.initializer) lists.set(d.name.text, d.initializer);
      }
    } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) {
      locals.set(st.name.text, st);
      if (exported(st)) exports.set(st.name.text, st);
    } else if (ts.isExportAssignment(st)) exports.set("default", st);
  }
  uses.push(...bindings.values());
  // `export { a as b }` of a local
  for (const [name, e] of exports)
    if (Array.isArray(e) && e[0] === path) {
      const local = locals.get(e[1].slice("local:".length));
      if (local) exports.set(name, local);
      else exports.delete(name);
    }

  const listNodes = new Set<ts.Node>(lists.values());
  const raisedAt = (node: ts.Node): ErrorCode | undefined => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isCode(node.text)) {
      const p = node.parent;
      const compared = ts.isBinaryExpression(p) && COMPARISONS.has(p.operatorToken.kind);
      if (!compared && !ts.isCaseClause(p) && !(ts.isPropertyAssignment(p) && p.name === node)) return node.text;
    }
    if (ts.isCallExpression(node) && notFoundName && ts.isIdentifier(node.expression) && node.expression.text === notFoundName && node.arguments.length < 2)
      return "NOT_FOUND";
    return undefined;
  };
  const skip = (node: ts.Node) => listNodes.has(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node);

  const raised = new Set<ErrorCode>();
  const visit = (node: ts.Node): void => {
    if (skip(node)) return;
    const c = raisedAt(node);
    if (c) raised.add(c);
    ts.forEachChild(node, visit);
  };
  visit(sf);

  const usesOf = (root: ts.Node) => {
    const r = new Set<ErrorCode>();
    const u = new Map<string, Use>();
    const seen = new Set<ts.Node>([root]);
    const walk = (node: ts.Node): void => {
      if (skip(node)) return;
      const c = raisedAt(node);
      if (c) r.add(c);
      if (ts.isIdentifier(node)) {
        const b = bindings.get(node.text);
        if (b) u.set(b.join("#"), b);
        const local = locals.get(node.text);
        if (local && !seen.has(local)) {
          seen.add(local);
          walk(local);
        }
      }
      ts.forEachChild(node, walk);
    };
    walk(root);
    return { raised: r, uses: [...u.values()] };
  };

  const findRoutes = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "route" &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      const obj = node.arguments[0];
      // a string property of the object, or of a local object it spreads (`...common`)
      const prop = (o: ts.ObjectLiteralExpression, name: string): string | undefined => {
        for (const x of o.properties) {
          if (ts.isPropertyAssignment(x) && ts.isIdentifier(x.name) && x.name.text === name && ts.isStringLiteral(x.initializer)) return x.initializer.text;
          if (ts.isSpreadAssignment(x) && ts.isIdentifier(x.expression)) {
            const d = locals.get(x.expression.text);
            const init = d && ts.isVariableDeclaration(d) && d.initializer ? unwrap(d.initializer) : undefined;
            const found = init && ts.isObjectLiteralExpression(init) ? prop(init, name) : undefined;
            if (found) return found;
          }
        }
        return undefined;
      };
      routes.set(`${prop(obj, "method") ?? "?"} ${prop(obj, "path") ?? "?"}`, obj);
      return;
    }
    ts.forEachChild(node, findRoutes);
  };
  findRoutes(sf);

  return { raised, uses, bindings, exports, usesOf, lists, routes };
};

export type ErrorKnowledge = {
  /** what a module can raise: its own codes and the lists of the modules it is charged with */
  raisable: (path: string) => Set<ErrorCode>;
  /** the modules `path` is charged with (it uses something of theirs that can raise) */
  charged: (path: string) => string[];
  /** where `code` comes into `path`: itself when it raises it, else the charged modules that can raise it */
  via: (path: string, code: ErrorCode) => string[];
  /** its exported `*_ERRORS` lists, evaluated (spreads followed across modules) */
  lists: (path: string) => Map<string, ErrorCode[]>;
  /** the codes a module raises in its own code */
  raised: (path: string) => Set<ErrorCode>;
  /** what the `route({...})` of `key` ("POST /v1/vc/credits") in `path` can raise: its own codes, the modules it is charged with, all codes */
  routeRaisable: (
    path: string,
    key: string,
  ) => { raised: Set<ErrorCode>; modules: string[]; codes: Set<ErrorCode>; via: (code: ErrorCode) => string[] } | undefined;
  /** the `route({...})` declarations of a file, keyed "METHOD /path" */
  routeKeys: (path: string) => string[];
};

/** Scans `sources` (repo-relative paths; a module outside them, or not scanned, raises nothing). */
export const analyze = (sources: Source[]): ErrorKnowledge => {
  const byPath = new Map(sources.map((s) => [s.path, s]));
  const exists = (p: string) => byPath.has(p);
  const isScanned = (p: string) => byPath.has(p) && !NOT_SCANNED(p);
  const cache = new Map<string, Scanned>();
  const get = (p: string): Scanned | undefined => {
    if (!isScanned(p)) return undefined;
    let s = cache.get(p);
    if (!s) cache.set(p, (s = scan(byPath.get(p)!, isScanned, exists)));
    return s;
  };

  // whether using one binding can raise (symbol by symbol; a cycle in progress counts as "no" until it resolves)
  const canMemo = new Map<string, boolean>();
  const canRaise = ([path, name]: Use): boolean => {
    const key = `${path}#${name}`;
    const known = canMemo.get(key);
    if (known !== undefined) return known;
    canMemo.set(key, false);
    const s = get(path);
    let result = false;
    if (s) {
      const e = name === "*" ? undefined : s.exports.get(name);
      if (name === "*" || !e) result = s.raised.size > 0 || s.uses.some(canRaise);
      else if (Array.isArray(e)) result = canRaise(e as Use);
      else {
        const u = s.usesOf(e as ts.Node);
        result = u.raised.size > 0 || u.uses.some(canRaise);
      }
    }
    canMemo.set(key, result);
    return result;
  };

  const charged = (path: string): string[] => [...new Set((get(path)?.uses ?? []).filter(canRaise).map(([p]) => p))];

  const memo = new Map<string, Set<ErrorCode>>();
  const raisable = (path: string): Set<ErrorCode> => {
    let r = memo.get(path);
    if (r) return r;
    r = new Set();
    const seen = new Set<string>();
    const stack = [path];
    while (stack.length) {
      const p = stack.pop()!;
      if (seen.has(p)) continue;
      seen.add(p);
      for (const c of get(p)?.raised ?? []) r.add(c);
      stack.push(...charged(p));
    }
    memo.set(path, r);
    return r;
  };

  const via = (path: string, code: ErrorCode): string[] => (get(path)?.raised.has(code) ? [path] : charged(path).filter((i) => raisable(i).has(code)));

  const evaluated = new Map<string, Map<string, ErrorCode[]>>();
  const evalList = (path: string, name: string, depth = 0): ErrorCode[] => {
    const s = get(path);
    const expr = s?.lists.get(name);
    if (!s || !expr || depth > 50) throw new Error(`${path}: no exported list ${name}`);
    const arr = unwrap(expr);
    if (!ts.isArrayLiteralExpression(arr)) throw new Error(`${path}: ${name} is not an array literal`);
    const codes: ErrorCode[] = [];
    for (const el of arr.elements) {
      if ((ts.isStringLiteral(el) || ts.isNoSubstitutionTemplateLiteral(el)) && isCode(el.text)) codes.push(el.text);
      else if (ts.isSpreadElement(el) && ts.isIdentifier(el.expression)) {
        const id = el.expression.text;
        const bound = s.bindings.get(id);
        if (s.lists.has(id)) codes.push(...evalList(path, id, depth + 1));
        else if (bound) codes.push(...evalList(bound[0], bound[1], depth + 1));
        else throw new Error(`${path}: ${name} spreads ${id}, which is neither a list of this file nor an imported one`);
      } else throw new Error(`${path}: ${name} holds ${el.getText()}; a list holds error codes and spreads of other lists`);
    }
    return codes;
  };
  const lists = (path: string) => {
    let m = evaluated.get(path);
    if (!m) {
      m = new Map();
      for (const name of get(path)?.lists.keys() ?? []) m.set(name, evalList(path, name));
      evaluated.set(path, m);
    }
    return m;
  };

  const routeRaisable = (path: string, key: string) => {
    const obj = get(path)?.routes.get(key);
    if (!obj) return undefined;
    const raised = new Set<ErrorCode>();
    const modules = new Set<string>();
    for (const p of obj.properties) {
      // the declared list raises nothing: what it names must come from the rest
      if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "errors") continue;
      const u = get(path)!.usesOf(p);
      for (const c of u.raised) raised.add(c);
      for (const b of u.uses) if (canRaise(b)) modules.add(b[0]);
    }
    const codes = new Set<ErrorCode>(raised);
    for (const m of modules) for (const c of raisable(m)) codes.add(c);
    return { raised, modules: [...modules], codes, via: (c: ErrorCode) => (raised.has(c) ? [path] : [...modules].filter((m) => raisable(m).has(c))) };
  };

  return {
    raisable,
    charged,
    via,
    lists,
    raised: (p) => get(p)?.raised ?? new Set(),
    routeRaisable,
    routeKeys: (p) => [...(get(p)?.routes.keys() ?? [])],
  };
};

const sorted = <T extends string>(codes: Iterable<T>): T[] => [...new Set(codes)].sort();

/**
 * Every module of `paths` that can raise exports exactly one `*_ERRORS` list, equal to what it can raise.
 * Each problem names the file, the list and the code, and for a missing one where it comes from.
 */
export const checkModuleLists = (k: ErrorKnowledge, paths: string[]): string[] => {
  const problems: string[] = [];
  for (const path of paths) {
    const can = k.raisable(path);
    const lists = k.lists(path);
    if (lists.size === 0) {
      if (can.size) problems.push(`${path}: can raise ${sorted(can).join(", ")} but exports no *_ERRORS list; add one at the end of the file`);
      continue;
    }
    if (lists.size > 1) problems.push(`${path}: exports ${lists.size} *_ERRORS lists (${[...lists.keys()].join(", ")}); a module exports one`);
    for (const [name, codes] of lists) {
      for (const c of sorted(can))
        if (!codes.includes(c))
          problems.push(
            `${path}: raises ${c} (${k.via(path, c)[0] === path ? "in its own code" : `from ${k.via(path, c).join(", ")}`}) but ${name} does not list it`,
          );
      for (const c of sorted(codes))
        if (!can.has(c)) problems.push(`${path}: ${name} lists ${c}, but neither the file nor anything it calls raises it (stale)`);
    }
  }
  return problems;
};

/** A route's declared codes against what its declaration can raise, both without the kernel's codes of that route. */
export const checkRouteErrors = (
  k: ErrorKnowledge,
  route: { file: string; key: string; declared: readonly ErrorCode[]; kernel: readonly ErrorCode[] },
): string[] => {
  const r = k.routeRaisable(route.file, route.key);
  if (!r) return [`${route.file}: no route({ method, path }) declaration of ${route.key} found`];
  const kernel = new Set(route.kernel);
  const can = sorted(r.codes).filter((c) => !kernel.has(c));
  const declared = sorted(route.declared).filter((c) => !kernel.has(c));
  const problems: string[] = [];
  for (const c of can)
    if (!declared.includes(c)) problems.push(`${route.file} (${route.key}): can raise ${c} (from ${r.via(c).join(", ")}) but its errors do not declare it`);
  for (const c of declared) if (!can.includes(c)) problems.push(`${route.file} (${route.key}): declares ${c}, but nothing it calls raises it (stale)`);
  return problems;
};
