/**
 * The building blocks of the answers' schemas (each area's `…Answer`): what the OpenAPI document says
 * a call answers, and what tests/server/openapi.test.ts parses the provider's real answers with. Plain
 * `z.object`s: a client reads the fields it knows and ignores any other.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';

export const int = () => z.number().int();
/** an amount of money: an integer of the currency's minor unit */
export const money = () => z.number().int().meta({ description: "an amount in the currency's minor unit (centavos for PHP)" });
/** a time: ISO 8601, UTC */
export const time = () => z.string().meta({ format: 'date-time', description: 'ISO 8601, UTC' });
export const nextPage = () => int().nullable().meta({ description: 'the next page to ask for, or null on the last page' });
