import type { z } from 'zod';
import { validation } from './errors';

/** Parses input with a contract schema; a failure names every bad field (400 VALIDATION). */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    if (!(key in fields)) fields[key] = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
  }
  throw validation(fields);
}
