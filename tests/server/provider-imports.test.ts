import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The provider's areas (server/provider/<area>/) depend on each other one way only. This reads every
 * import of server/ (a regex over the source: no TypeScript needed) and checks the directions
 * CONVENTIONS.md asks for: no cycle between areas, payments calls into orders and wallet and never
 * the other way round (wallet and orders start payments through the PaymentStarter port in
 * provider/payment-port.ts, which payments implements), and nothing in an area reaches back into the
 * files that put the provider together. It is the fast guard; lint rules may say the same later.
 */

const SERVER = resolve(__dirname, '../../server');
const PROVIDER = join(SERVER, 'provider');
/** the files that put the provider together: they may import every area, no area imports them */
const COMPOSITION = ['app.ts', 'embedded.ts', 'jobs.ts'];

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Comments out of the way (a doc comment may show an import), strings such as 'http://x' left whole. */
function withoutComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

function resolveLocal(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null; // a package or '#contract': not part of server/'s own graph
  const base = resolve(dirname(file), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // next candidate
    }
  }
  throw new Error(`${relative(SERVER, file)} imports ${spec}, which does not exist`);
}

function importsOf(file: string): Import[] {
  const src = withoutComments(readFileSync(file, 'utf8'));
  const found: Import[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    const to = resolveLocal(file, spec);
    if (to) found.push({ from: file, to, typeOnly });
  };
  // import … from '…' and export … from '…', over several lines; `import type` / `export type` are type-only
  for (const m of src.matchAll(/(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/g)) add(m[2]!, Boolean(m[1]));
  // import '…' (side effects) and import('…') (dynamic, or inline types)
  for (const m of src.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) add(m[1]!, false);
  for (const m of src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) add(m[1]!, false);
  return found;
}

/** 'orders' for server/provider/orders/…, 'app.ts' for a file at the provider's root, null outside it. */
function areaOf(file: string): string | null {
  const rel = relative(PROVIDER, file);
  if (rel.startsWith('..')) return null;
  return rel.split(sep)[0]!;
}
const isArea = (area: string | null): area is string => area !== null && !area.endsWith('.ts');

const imports = sourceFiles(SERVER).flatMap(importsOf);
const providerImports = imports.filter((i) => areaOf(i.from) !== null && areaOf(i.to) !== null);
const crossArea = providerImports.filter((i) => isArea(areaOf(i.from)) && isArea(areaOf(i.to)) && areaOf(i.from) !== areaOf(i.to));

/** area → the areas it imports, each with the file-level imports that make the edge */
const areaGraph = new Map<string, Map<string, string[]>>();
for (const i of crossArea) {
  const a = areaOf(i.from)!;
  const b = areaOf(i.to)!;
  const edges = areaGraph.get(a) ?? new Map<string, string[]>();
  edges.set(b, [...(edges.get(b) ?? []), `${relative(PROVIDER, i.from)} → ${relative(PROVIDER, i.to)}`]);
  areaGraph.set(a, edges);
}

/** Strongly connected groups of more than one area (Tarjan): each is at least one cycle. */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

/** Every area `from` reaches through imports, itself excluded. */
function reachable(from: string): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length) {
    for (const w of areaGraph.get(todo.pop()!)?.keys() ?? []) {
      if (!seen.has(w) && w !== from) {
        seen.add(w);
        todo.push(w);
      }
    }
  }
  return seen;
}

/** The imports behind each edge of a group, so a failure says which lines to change. */
function explain(group: string[]): string[] {
  return group.flatMap((a) => group.flatMap((b) => areaGraph.get(a)?.get(b) ?? []));
}

const direct = (a: string, b: string) => areaGraph.get(a)?.get(b) ?? [];

describe('imports between provider areas', () => {
  it('reads the graph it checks', () => {
    // guards the guard: a regex that matched nothing would make every rule below pass
    expect(providerImports.length).toBeGreaterThan(150);
    expect(direct('payments', 'orders').length).toBeGreaterThan(0);
    expect(direct('orders', 'http').length).toBeGreaterThan(0);
    // multi-line imports are read too (orders.service.ts imports its repo over several lines)
    expect(providerImports.some((i) => relative(PROVIDER, i.from) === join('orders', 'orders.service.ts') && relative(PROVIDER, i.to) === join('orders', 'orders.repo.ts'))).toBe(true);
  });

  it('has no cycle between areas', () => {
    const found = cycles(areaGraph);
    expect(found.map((g) => ({ areas: g.join(' ↔ '), imports: explain(g) }))).toEqual([]);
  });

  it('runs payments → orders: nothing in orders reaches payments', () => {
    expect(direct('orders', 'payments')).toEqual([]);
    expect([...reachable('orders')]).not.toContain('payments');
  });

  it('runs payments → wallet: payments credits a settled top-up, wallet never reaches payments', () => {
    expect(direct('wallet', 'payments')).toEqual([]);
    expect([...reachable('wallet')]).not.toContain('payments');
  });

  it('keeps the composition root out of the areas', () => {
    const back = providerImports.filter((i) => isArea(areaOf(i.from)) && COMPOSITION.includes(areaOf(i.to)!));
    expect(back.map((i) => `${relative(PROVIDER, i.from)} → ${relative(PROVIDER, i.to)}`)).toEqual([]);
  });

  it('lets the shared files at the provider root (context, ports) import only types from areas, or http/', () => {
    const shared = providerImports.filter((i) => {
      const from = areaOf(i.from)!;
      return !isArea(from) && !COMPOSITION.includes(from) && isArea(areaOf(i.to));
    });
    const runtime = shared.filter((i) => !i.typeOnly && areaOf(i.to) !== 'http');
    expect(runtime.map((i) => `${relative(PROVIDER, i.from)} → ${relative(PROVIDER, i.to)}`)).toEqual([]);
    // and never a way round the rules above: orders and wallet see payments only through the port
    const detour = shared.filter((i) => ['payments', 'orders', 'wallet'].includes(areaOf(i.to)!));
    expect(detour.map((i) => `${relative(PROVIDER, i.from)} → ${relative(PROVIDER, i.to)}`)).toEqual([]);
  });
});
