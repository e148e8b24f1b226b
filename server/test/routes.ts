// The routes a Fastify app registered, read from its own route tree (printRoutes), for tests
// that must cover every route, including the ones added after the test was written.
import type { FastifyInstance } from 'fastify';

export type RegisteredRoute = { method: string; url: string };

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  // Each line: tree drawing, then a path segment and, for a route, "(METHODS)". The column where the
  // segment starts gives its depth; a segment continues the path of the last line above it.
  const parents: Array<{ column: number; path: string }> = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const column = match[1]?.length ?? 0;
    while (parents.length > 0 && (parents.at(-1)?.column ?? 0) >= column) parents.pop();
    const path = (parents.at(-1)?.path ?? '') + (match[2] ?? '');
    parents.push({ column, path });
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url: path });
    }
  }
  return routes;
}
