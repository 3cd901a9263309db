/**
 * The server build's source map keeps one segment where the original file or line changes
 * (scripts/build-server.ts, thinMappings): Node decodes the whole map of an ES module at load and keeps
 * every segment, so a thinner map is memory the server does not hold, and stack traces still name the
 * same file and line for every column.
 */
import { SourceMap } from 'node:module';
import { describe, expect, it } from 'vitest';
import { thinMappings } from '../../scripts/build-server.ts';

// three generated lines from two sources, with names and a column that maps nowhere, as decoded:
//   [[0,0,0,0],[4,0,0,4,0],[9,0,1,2],[12,1,0,0],[20,1,0,8,1],[25,1,0,12]],
//   [[0],[2,1,0,9],[6,0,1,5,0],[11,0,1,9]],
//   [[3,0,2,0],[7,0,2,4]]
const FULL = 'AAAA,IAAIA,KACF,GCDF,QAAQC,KAAI;A,EAAH,IDCJD,KAAI;GACT,IAAI';
// what is left: the first segment of each run of one source line, the unmapped column kept
//   [[0,0,0,0],[9,0,1,2],[12,1,0,0]], [[0],[2,1,0,9],[6,0,1,5,0]], [[3,0,2,0]]
const THIN = 'AAAA,SACE,GCDF;A,EAAS,IDCJA;GACL';

const mapOf = (mappings: string) =>
  new SourceMap({ version: 3, file: 'index.js', sources: ['a.ts', 'b.ts'], names: ['first', 'second'], sourceRoot: '', sourcesContent: [], mappings });

describe('thinMappings', () => {
  it('keeps one segment per run of one original line, re-encoding the values relative to the segments kept', () => {
    expect(thinMappings(FULL)).toBe(THIN);
    expect(thinMappings(THIN)).toBe(THIN);
    expect(thinMappings('')).toBe('');
    expect(thinMappings(';;AAAA;;')).toBe(';;AAAA;;');
  });

  it('maps every generated column to the same file and line as the full map', () => {
    const full = mapOf(FULL);
    const thin = mapOf(thinMappings(FULL));
    for (let line = 0; line < 3; line++) {
      for (let column = 0; column < 30; column++) {
        const a = full.findEntry(line, column) as { originalSource?: string; originalLine?: number };
        const b = thin.findEntry(line, column) as { originalSource?: string; originalLine?: number };
        expect([b.originalSource, b.originalLine], `${line}:${column}`).toEqual([a.originalSource, a.originalLine]);
      }
    }
  });
});
