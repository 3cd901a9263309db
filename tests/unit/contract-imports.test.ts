/**
 * No import cycle in the contract (src/contract), type imports and re-exports included: lint's
 * `import-x/no-cycle` leaves type imports out, and a cycle of them still ties each area's halves into one
 * knot (a declaration, `<area>.calls.ts`, takes its types from `<area>.ts`; its spec, `<area>.spec.ts`,
 * takes both, and nothing takes a spec back). The graph is read with TypeScript's own scanner.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CONTRACT = resolve(import.meta.dirname, '..', '..', 'src', 'contract');

/** Each file's imports of other files of the contract (`./x`, `#contract/x`, `#contract`), by file name. */
function contractGraph(dir: string): Map<string, string[]> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(dir, file), 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName: spec }) => {
      const name =
        spec === '#contract' ? 'index' : spec.startsWith('#contract/') ? spec.slice('#contract/'.length) : spec.startsWith('./') ? spec.slice(2) : null;
      if (name === null) return [];
      const target = name.endsWith('.ts') ? name : `${name}.ts`;
      if (!files.includes(target)) throw new Error(`${file} imports ${spec}, which is not a file of the contract`);
      return [target];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The cycles of a graph: one per strongly connected component of more than one file (or a file importing itself). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the import graph of src/contract', () => {
  it('finds cycles, type imports and re-exports included', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ]);
    expect(
      cyclesOf(graph)
        .map((c) => c.join(' '))
        .sort(),
    ).toEqual(['a.ts b.ts c.ts', 'e.ts']);
    const scanned = ts.preProcessFile("import type { A } from './a';\nexport { b } from './b';\nexport type * from './c';\n", true, true);
    expect(scanned.importedFiles.map((f) => f.fileName)).toEqual(['./a', './b', './c']);
  });

  it('reads every file of the contract', () => {
    const graph = contractGraph(CONTRACT);
    expect(graph.size).toBeGreaterThan(60);
    expect(graph.get('addresses.calls.ts')).toContain('addresses.ts');
  });

  it('has no cycle', () => {
    expect(cyclesOf(contractGraph(CONTRACT))).toEqual([]);
  });
});
