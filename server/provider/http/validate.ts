import type { z } from 'zod';
import { validation } from './errors';

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v: unknown = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/**
 * PostgreSQL text cannot hold U+0000, so a string carrying it would fail in the database (a 500):
 * it is bad input, named like any other. Depth-bounded: bodies are small, flat objects.
 */
function nulFields(v: unknown, path: PropertyKey[], out: Record<string, string>, depth = 0): void {
  if (typeof v === 'string') {
    if (v.includes('\u0000')) out[path.join('.') || 'body'] ??= 'must not contain a NUL character';
  } else if (v !== null && typeof v === 'object' && depth < 8) {
    for (const [k, x] of Object.entries(v)) nulFields(x, [...path, k], out, depth + 1);
  }
}

/** Parses input with a contract schema; a failure names every bad field (400 VALIDATION). */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const data = input ?? {};
  const result = schema.safeParse(data);
  const fields: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      // a strict object's unknown fields: each one named, not the body as a whole
      if (issue.code === 'unrecognized_keys') {
        for (const k of issue.keys) fields[[...issue.path, k].join('.')] ??= 'is not a field of this call';
        continue;
      }
      const key = issue.path.length ? issue.path.join('.') : 'body';
      if (key in fields) continue;
      const missing = issue.path.length > 0 && valueAt(data, issue.path) === undefined && issue.code !== 'custom';
      fields[key] = missing ? 'is required' : issue.message;
    }
  }
  nulFields(data, [], fields);
  if (result.success && Object.keys(fields).length === 0) return result.data;
  throw validation(fields);
}
