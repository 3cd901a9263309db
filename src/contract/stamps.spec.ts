/**
 * The spec of the stamps calls: their declarations (stamps.calls.ts) joined to their schemas
 * (stamps.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  STAMP_PROGRAMS_MAX,
  STAMPS_NEEDED_MIN,
  STAMPS_NEEDED_MAX,
  stampProgramBody,
  stampProgramUpdateBody,
  stampProgramStatusBody,
  stampProgramsAnswer,
  stampProgramOnlyAnswer,
  stampCardsAnswer,
} from './stamps';
import { stampsApi, stampsConsoleApi } from './stamps.calls';

export const stampsSpec = /* @__PURE__ */ describe('Points', stampsApi, {
  cards: {
    summary: "The customer's stamp cards",
    description:
      'One card per programme that is active (or paused while the customer has stamps on it), with the stamps on the current card, how many fill it, the reward it gives and when its stamps expire. Ended programmes are not listed (the vouchers they gave stay).',
    data: stampCardsAnswer,
    answer: 'The stamp cards.',
    message: 'Your stamp cards.',
  },
});

export const stampsConsoleSpec = /* @__PURE__ */ describe('Merchant console', stampsConsoleApi, {
  programs: {
    summary: 'The stamp card programmes',
    description:
      'Staff. Every programme (active, paused, ended), newest first, with the cards in progress, the cards filled and the customers who have had a stamp.',
    inContract: false,
    data: stampProgramsAnswer,
    answer: 'The programmes.',
    message: 'Stamp cards loaded.',
  },
  create: {
    summary: 'Add a stamp card programme',
    description: `Owners only. Its products or categories (at least one; each must exist), one stamp per item or per visit, ${STAMPS_NEEDED_MIN}–${STAMPS_NEEDED_MAX} stamps to fill a card, the catalogue reward (active) issued as a voucher when it is full, and how many days a card lasts after its first stamp (0: never expires). Active at once; at most ${STAMP_PROGRAMS_MAX} programmes not ended. Audited (\`loyalty.stamps.create\`).`,
    inContract: false,
    body: stampProgramBody,
    data: stampProgramOnlyAnswer,
    answer: 'The new programme.',
    message: 'Stamp card added.',
    errors: ['LIMIT_REACHED'],
  },
  update: {
    summary: 'Change a stamp card programme',
    description:
      'Owners only. Its fields, whole; an ended programme cannot change (409 INVALID_TRANSITION). Cards in progress keep their stamps; a card with as many stamps as the new number needed or more fills with the next stamp. Audited (`loyalty.stamps.update`).',
    inContract: false,
    body: stampProgramUpdateBody,
    data: stampProgramOnlyAnswer,
    answer: 'The programme as it is now.',
    message: 'Stamp card saved.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
  status: {
    summary: 'Pause, resume or end a stamp card programme',
    description:
      'Owners only. `active` or `paused` any time (paused: customers keep their cards, no stamps are given); `ended` for good (its cards are closed; vouchers already given stay; 409 INVALID_TRANSITION on an ended one). Audited (`loyalty.stamps.status`).',
    inContract: false,
    body: stampProgramStatusBody,
    data: stampProgramOnlyAnswer,
    answer: 'The programme as it is now.',
    message: 'Stamp card updated.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
});
