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

type ObjectOption = z.ZodType & { shape: Record<string, z.ZodType> };

/**
 * The options of a union of objects (`{ids}` or `{all: true}`), else null. A discriminated union (a
 * `kind` naming its option) is not one: zod picks the option by its discriminator and names its fields.
 */
function objectOptions(schema: z.ZodType): ObjectOption[] | null {
  const def = schema._zod.def as { type: string; options?: z.ZodType[]; discriminator?: string };
  if (def.discriminator !== undefined) return null;
  return def.type === 'union' && def.options?.every((o) => o._zod.def.type === 'object') ? (def.options as ObjectOption[]) : null;
}

/** An option's fields as a client would write them: `ids`, `all: true`. */
function optionHint(option: ObjectOption): string {
  return Object.entries(option.shape)
    .map(([k, s]) => {
      const def = s._zod.def as { type: string; values?: unknown[] };
      return def.type === 'literal' && def.values?.length === 1 ? `${k}: ${String(def.values[0])}` : k;
    })
    .join(' and ');
}

/**
 * The option of a union of objects that the input chose by naming its fields, parsed alone: its errors
 * name the bad field (`ids.0`, `all`) where the union as a whole could only say "invalid input".
 */
function chosenOption(options: ObjectOption[], data: unknown): ObjectOption {
  const keys = options.map((o) => Object.keys(o.shape));
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw validation({ body: `must be an object with ${keys.map((k) => k.join(' and ')).join(' or ')}` });
  const chosen = options.find((_o, i) => keys[i]!.some((k) => k in data));
  if (!chosen) throw validation({ [keys[0]![0]!]: `give ${options.map(optionHint).join(', or ')}` });
  return chosen;
}

/** Parses input with a contract schema; a failure names every bad field (400 VALIDATION). */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const data = input ?? {};
  const options = objectOptions(schema);
  if (options) return parse(chosenOption(options, data), data) as z.output<S>;
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
