// The tree's import graph, read with the TypeScript parser: every relative import, re-export and
// dynamic import between the project's own .ts files (type-only ones included: they tie the files
// together for the reader and the type checker alike), and its circles.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SKIP = new Set(['node_modules', '.data', 'dist', 'coverage', '.git', 'sdk', 'ui']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Relative module specifiers a file imports (static, type-only, re-exports, `import()`), by TypeScript's import scanner. */
export function importsOf(path: string, text = readFileSync(path, 'utf8')): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('.'));
}

/** Files (relative to root) → the files they import. */
export function importGraph(root: string, dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of dirs) {
    for (const file of sourceFiles(join(root, dir))) {
      const targets = importsOf(file).map((s) => resolveImport(file, s)).filter((t): t is string => t !== undefined);
      graph.set(relative(root, file), [...new Set(targets.map((t) => relative(root, t)))]);
    }
  }
  return graph;
}

/** The graph's circles: its strongly connected components of more than one file (or a file importing itself), each sorted. */
export function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so deep chains cannot overflow the stack.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work: Array<{ v: string; i: number }> = [{ v: start, i: 0 }];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const next = graph.get(top.v) ?? [];
      if (top.i < next.length) {
        const w = next[top.i++]!;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v)!, idx.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.v;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.v)!));
      }
      if (low.get(top.v) === idx.get(top.v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== top.v);
        if (scc.length > 1 || (graph.get(top.v) ?? []).includes(top.v)) found.push(scc.sort());
      }
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The graph of `folder`'s rooms: each immediate subfolder is one room (`name/`) and each file lying
 * loose in it is one (`name.ts`); room A imports room B when a file of A imports a file of B.
 * Imports within a room, and those leaving `folder`, are left out.
 */
export function roomGraph(graph: Map<string, string[]>, folder: string): Map<string, string[]> {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  const room = (f: string) => {
    const rest = f.slice(prefix.length);
    const slash = rest.indexOf('/');
    return slash < 0 ? rest : rest.slice(0, slash + 1);
  };
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (!file.startsWith(prefix)) continue;
    const from = room(file);
    const to = rooms.get(from) ?? new Set<string>();
    rooms.set(from, to);
    for (const t of targets) if (t.startsWith(prefix) && room(t) !== from) to.add(room(t));
  }
  return new Map([...rooms].map(([r, ts]) => [r, [...ts].sort()]));
}

/** Whether an import declaration (or re-export) loads anything at run time (not `import type`, not only type specifiers). */
function loadsValues(node: ts.Statement): string | undefined {
  if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
    const c = node.importClause;
    if (c?.isTypeOnly) return undefined;
    const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
    if (c && !c.name && named && named.length > 0 && named.every((e) => e.isTypeOnly)) return undefined;
    return node.moduleSpecifier.text;
  }
  if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) return node.moduleSpecifier.text;
  return undefined;
}

/** The project files a module loads at run time, itself included (relative to root), following value imports only. */
export function runtimeClosure(root: string, entry: string): string[] {
  const seen = new Set<string>();
  const stack = [join(root, entry)];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
    for (const st of sf.statements) {
      const spec = loadsValues(st);
      const target = spec?.startsWith('.') ? resolveImport(file, spec) : undefined;
      if (target) stack.push(target);
    }
  }
  return [...seen].map((f) => relative(root, f)).sort();
}
