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

/** Parses input with a contract schema; a failure names every bad field (400 VALIDATION). */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const data = input ?? {};
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    if (key in fields) continue;
    const missing = issue.path.length > 0 && valueAt(data, issue.path) === undefined && issue.code !== 'custom';
    fields[key] = missing ? 'is required' : issue.message;
  }
  throw validation(fields);
}
