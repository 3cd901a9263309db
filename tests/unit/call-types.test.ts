/**
 * The two halves of a call agree, or the project does not type-check (`npm run typecheck` reads this
 * file): `describe` (src/contract/api-spec.ts) refuses a `data` schema whose output is not the answer
 * type the call declares (`call.customer.post<Data, Body>`), a body or query schema that does not take
 * and give the declared input type, and a missing schema where the declaration says there is an answer
 * or an input. Each `@ts-expect-error` below fails the type-check when its line stops being an error;
 * the runs below show the agreeing specs are the ones mounted and documented.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '#contract/api';
import { describe as describeCalls } from '#contract/api-spec';
import { id } from '#contract/fields';

const words = { summary: 'A scratch call', answer: 'Its answer.', message: 'Done.' };
const answerA = z.object({ a: z.number() });
const bodyB = z.object({ b: z.string() });

const scratch = {
  post: call.customer.post<{ a: number }, { b: string }>('scratch/post'),
  list: call.customer.get<{ a: number }, { page?: number }>('scratch/list'),
  done: call.customer.post<null, { b: string }>('scratch/done'),
  file: call.owner.get<void>('scratch/file.csv'),
};

describe('describe() joins a call to schemas that say what its declaration says', () => {
  it('takes the schemas of the declared types, whatever their defaults or the text they read', () => {
    const spec = describeCalls('Scratch', scratch, {
      post: { ...words, data: answerA, body: bodyB },
      // a query's page read from text: the schema takes anything and gives the number declared
      list: { ...words, data: answerA, query: z.object({ page: z.coerce.number().optional() }) },
      // a field with a default: the schema takes it or not, and gives it always
      done: { ...words, body: z.object({ b: z.string().default('x') }) },
      file: { ...words, message: undefined, file: 'csv' },
    });
    expect(spec.endpoints.post.body).toBe(bodyB);
    expect(spec.endpoints.post.answer.data).toBe(answerA);
    expect(spec.endpoints.list.method).toBe('get');
    expect(spec.endpoints.file.answer.kind).toBe('csv');
  });

  it('takes a row id read from text where the declaration says a number', () => {
    const ids = { remove: call.owner.post<null, { id: number }>('scratch/remove') };
    expect(describeCalls('Scratch', ids, { remove: { ...words, body: z.object({ id }) } }).endpoints.remove.path).toBe('scratch/remove');
  });

  it('refuses, at compile time, schemas that say something else', () => {
    const x = { x: call.customer.post<{ a: number }, { b: string }>('x') };
    // both halves wrong: the issue's own example
    // @ts-expect-error the data schema's output is not { a: number }
    describeCalls('Scratch', x, { x: { ...words, data: z.object({ zzz: z.boolean() }), body: z.object({ qqq: z.number() }) } });
    // @ts-expect-error the answer only
    describeCalls('Scratch', x, { x: { ...words, data: z.object({ a: z.string() }), body: bodyB } });
    // @ts-expect-error the body only
    describeCalls('Scratch', x, { x: { ...words, data: answerA, body: z.object({ b: z.number() }) } });
    // @ts-expect-error a field the declaration has and the schema does not
    describeCalls('Scratch', { x: call.customer.post<{ a: number }, { b: string; c?: number }>('x') }, { x: { ...words, data: answerA, body: bodyB } });
    // @ts-expect-error a field the schema gives and the declaration does not
    describeCalls('Scratch', x, { x: { ...words, data: z.object({ a: z.number(), more: z.string() }), body: bodyB } });
    // @ts-expect-error no data schema for a declared answer
    describeCalls('Scratch', x, { x: { ...words, body: bodyB } });
    // @ts-expect-error no body schema for a declared input: the provider would take it unchecked
    describeCalls('Scratch', x, { x: { ...words, data: answerA } });
    // @ts-expect-error a body schema for a call declared to take nothing
    describeCalls('Scratch', { x: call.customer.post<{ a: number }>('x') }, { x: { ...words, data: answerA, body: bodyB } });
    const pageQuery = { x: call.customer.get<{ a: number }, { page?: number }>('x') };
    // @ts-expect-error a query schema of another type
    describeCalls('Scratch', pageQuery, { x: { ...words, data: answerA, query: z.object({ page: z.string().optional() }) } });
    // @ts-expect-error a file call declaring an answer
    describeCalls('Scratch', { x: call.owner.get<{ a: number }>('x.csv') }, { x: { ...words, message: undefined, file: 'csv' } });
    expect(x.x.path).toBe('x');
  });
});
