// The project's own import graph, read from the sources (TypeScript's pre-processor: static, type-only
// and dynamic imports alike): what the import checks (import-graph.test.ts) hold the tree to.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SOURCE_ROOTS = ['server', 'common', 'web', 'scripts', 'e2e'];

/** Every TypeScript source of the project, as a path from the repository root with '/'. */
export function sourceFiles(root = '.'): string[] {
  return SOURCE_ROOTS.flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
  );
}

/** The file an import names ('./x.js' is ./x.ts or ./x.tsx; '@/…' is from the repository root; a folder
 * is its index), or null for a package. */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  const fromRoot = specifier.startsWith('@/');
  if (!fromRoot && !specifier.startsWith('.')) return null;
  const base = fromRoot
    ? path.posix.normalize(specifier.slice(2))
    : path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.js$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, base, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** What a source file imports, as written. */
export function importSpecifiers(file: string, root = '.'): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
  return importedFiles.map(({ fileName }) => fileName);
}

/** Each source file and the project files it imports. */
export function importGraph(root = '.'): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = importSpecifiers(file, root)
        .map((specifier) => resolveImport(file, specifier, known))
        .filter((target): target is string => target !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The import circles: each group of files that reach one another through imports (Tarjan's
 * strongly connected components), files sorted. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    lowest.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file)!, order.get(target)!));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(member);
    } while (member !== file);
    if (circle.length > 1 || graph.get(file)?.includes(file)) circles.push(circle.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}
