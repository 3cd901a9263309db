/**
 * The spec of the options calls: their declarations (options.calls.ts) joined to their schemas
 * (options.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { optionGroupBody, optionGroupUpdateBody, optionAvailabilityBody, optionGroupDeleteBody, optionGroupsAnswer, optionGroupOnlyAnswer } from './options';
import { optionsApi } from './options.calls';

export const optionsSpec = /* @__PURE__ */ describe('Merchant console', optionsApi, {
  groups: {
    summary: 'The option groups (sizes, milks, extras) and the products each is on',
    inContract: false,
    data: optionGroupsAnswer,
    answer: 'The groups.',
    message: 'The option groups.',
  },
  createGroup: {
    summary: 'Add an option group with its options',
    description: 'Attach it to products with `option_group_ids` of `merchant/menu/product/update`. Customers see it within 10 s.',
    inContract: false,
    body: optionGroupBody,
    data: optionGroupOnlyAnswer,
    answer: 'The group.',
    message: '<name> is saved.',
  },
  updateGroup: {
    summary: 'Change an option group: its name, choices and options',
    description:
      'The group as it is to be: an option listed with its `id` keeps it, one without is new, one left out is removed. Orders already placed keep the options and prices they were placed with.',
    inContract: false,
    body: optionGroupUpdateBody,
    data: optionGroupOnlyAnswer,
    answer: 'The group as it is now.',
    message: 'Saved. Customers see it within 10 seconds.',
    errors: ['NOT_FOUND'],
  },
  deleteGroup: {
    summary: 'Remove an option group (from every product that has it)',
    inContract: false,
    body: optionGroupDeleteBody,
    answer: 'Removed.',
    message: 'The option group is removed.',
    errors: ['NOT_FOUND'],
  },
  setAvailability: {
    summary: "An option's sold-out switch",
    inContract: false,
    body: optionAvailabilityBody,
    data: optionGroupOnlyAnswer,
    answer: "The option's group as it is now.",
    message: 'Saved. Customers see it within 10 seconds.',
    errors: ['NOT_FOUND'],
  },
});
