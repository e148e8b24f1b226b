// The import graph's rules, over every feature folder there is (a new one is fenced the day it is
// made): no circle anywhere in the tree (type-only imports included); a server feature reaches
// another through its services, never its SQL; a web feature reaches another only through that
// feature's index.ts; the app and the player meet only in web/shared; the access rules import no
// feature.
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, importSpecifiers } from './import-graph.js';

/** The feature a file belongs to under `root` (e.g. 'server/features/'), or null. */
const featureOf = (file: string, root: string) =>
  file.startsWith(root) ? file.slice(root.length).split('/')[0]! : null;

/** Every import from one feature into another, as 'from -> to'. */
function crossFeatureImports(graph: Map<string, string[]>, root: string): string[] {
  return [...graph].flatMap(([file, targets]) => {
    const feature = featureOf(file, root);
    if (feature === null) return [];
    return targets
      .filter((target) => ![null, feature].includes(featureOf(target, root)))
      .map((target) => `${file} -> ${target}`);
  });
}

/** SQL every feature shares: the audit log, and who sees which group. */
const SHARED_REPOSITORIES = [
  'server/features/audit/audit.repository.ts',
  'server/features/groups/group-access.repository.ts',
];

describe('the import graph', () => {
  const graph = importGraph();

  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('server/main.ts')).toContain('server/app.ts');
  });

  it('has no import circle', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('lets a server feature reach another through its services, never its repositories', () => {
    const intoRepositories = crossFeatureImports(graph, 'server/features/').filter((edge) => {
      const target = edge.split(' -> ')[1]!;
      return target.endsWith('.repository.ts') && !SHARED_REPOSITORIES.includes(target);
    });
    expect(intoRepositories).toEqual([]);
  });

  it('keeps a runtime write one way: the runtime feature reaches the learning table through its service only', () => {
    const runtimeIntoTable = crossFeatureImports(graph, 'server/features/').filter((edge) =>
      /^server\/features\/runtime\/.* -> server\/features\/learning-table\//.test(edge),
    );
    const service = 'server/features/learning-table/learning-table.service.ts';
    expect(runtimeIntoTable.filter((edge) => !edge.endsWith(` -> ${service}`))).toEqual([]);
    // And the learning table records progress itself, not through the groups feature's service.
    expect(graph.get('server/features/learning-table/learning-table.service.ts')).not.toContain(
      'server/features/groups/groups.service.ts',
    );
  });

  it("lets a web feature reach another only through that feature's index.ts", () => {
    const intoInternals = crossFeatureImports(graph, 'web/src/features/').filter(
      (edge) => !edge.endsWith('/index.ts'),
    );
    expect(intoInternals).toEqual([]);
  });

  it('keeps the app (web/src) and the player (web/player) apart: what both use is in web/shared', () => {
    const crossing = (from: string, to: string[]) =>
      [...graph].flatMap(([file, targets]) =>
        file.startsWith(from)
          ? targets.filter((t) => to.some((root) => t.startsWith(root))).map((t) => `${file} -> ${t}`)
          : [],
      );
    expect(crossing('web/src/', ['web/player/'])).toEqual([]);
    expect(crossing('web/player/', ['web/src/'])).toEqual([]);
    expect(crossing('web/shared/', ['web/src/', 'web/player/'])).toEqual([]);
  });

  it("keeps '@/' to the code Vite bundles: Node runs the server's compiled imports as written", () => {
    const serverSide = [...graph.keys()].filter((file) => /^(server|common)\//.test(file));
    const aliased = serverSide.filter((file) => importSpecifiers(file).some((spec) => spec.startsWith('@/')));
    expect(aliased).toEqual([]);
  });

  it('keeps the access rules free of any feature', () => {
    expect(graph.get('server/access.ts')?.filter((target) => target.startsWith('server/features/'))).toEqual(
      [],
    );
  });

  it('finds a circle, however long, and only the files in it', () => {
    const sample = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCircles(sample)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it("finds an import into another feature's internals", () => {
    const sample = new Map([
      [
        'web/src/features/a/pages/page.tsx',
        ['web/src/features/b/lib/rule.ts', 'web/src/features/b/index.ts'],
      ],
      ['web/src/features/b/lib/rule.ts', ['web/src/lib/api-client.ts']],
    ]);
    expect(crossFeatureImports(sample, 'web/src/features/')).toEqual([
      'web/src/features/a/pages/page.tsx -> web/src/features/b/lib/rule.ts',
      'web/src/features/a/pages/page.tsx -> web/src/features/b/index.ts',
    ]);
  });
});
