/**
 * The spec of the customers calls: their declarations (customers.calls.ts) joined to their schemas
 * (customers.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { birthdayBody } from './birthday';
import {
  customerAnswer,
  customerOnlyAnswer,
  changeEmailBody,
  emailCodeSentAnswer,
  changeEmailAnswer,
  emailVerifyRequestBody,
  emailVerifyBody,
  languageBody,
  nameBody,
  customerSearchQuery,
  customerDetailQuery,
  adjustPointsBody,
  customerSearchAnswer,
  customerDetailAnswer,
  adjustPointsAnswer,
} from './customers';
import { customersApi, customersConsoleApi } from './customers.calls';

const CONSOLE = 'Merchant console';

export const customersSpec = /* @__PURE__ */ describe(
  'Customer',
  { ...customersApi, ...customersConsoleApi },
  {
    profile: { summary: "The customer's profile", data: customerAnswer, answer: 'The customer.', message: 'Profile loaded.' },
    name: {
      summary: "Change the customer's name",
      description:
        'The name the shop calls the customer by, in the app, at the counter, on the orders board, receipts and messages: 1 to 80 characters once trimmed, else 400 VALIDATION naming `name`.',
      inContract: false,
      body: nameBody,
      data: customerOnlyAnswer,
      answer: 'Saved.',
      message: 'Your name is saved.',
    },
    changeEmail: {
      summary: "Change the customer's e-mail address",
      description: 'The new address is unverified; a code is e-mailed to it when an e-mail service exists (`verification`).',
      body: changeEmailBody,
      data: changeEmailAnswer,
      answer: 'Saved.',
      message: 'Your e-mail address is saved.',
    },
    emailVerifyRequest: {
      summary: "E-mail a code to the customer's address",
      description: 'The address is named again, so a page showing a stale address cannot send a code it did not mean (409 CONFLICT).',
      inContract: false,
      body: emailVerifyRequestBody,
      data: emailCodeSentAnswer,
      answer: 'The code was sent.',
      message: 'We sent a code to your e-mail address.',
      errors: ['EMAIL_UNAVAILABLE', 'NO_EMAIL', 'CONFLICT', 'ALREADY_VERIFIED', 'RATE_LIMITED', 'BAD_GATEWAY'],
    },
    emailVerify: {
      summary: "Verify the customer's address with the e-mailed code",
      inContract: false,
      body: emailVerifyBody,
      data: customerOnlyAnswer,
      answer: 'Verified.',
      message: 'Your e-mail address is verified.',
      errors: ['CODE_EXPIRED', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS', 'RATE_LIMITED', 'EMAIL_TAKEN'],
    },
    birthday: {
      summary: "Add or change the customer's birth date",
      description:
        'Day and month, the year optional; a real date (29 February only without a year or in a leap year), the year from 1900 to this year and not in the future: 400 VALIDATION naming the field. The shop gives a treat on the birthday (or some days before it), once a year; a date added or changed within 30 days before the birthday does not count that year.',
      inContract: false,
      body: birthdayBody,
      data: customerOnlyAnswer,
      answer: 'Saved.',
      message: "Saved. We'll send you a treat on your birthday.",
    },
    language: {
      summary: "Choose the customer's language",
      description:
        'One of the languages the shop offers (shop settings `languages`): the app speaks it on every device the customer signs in on. A code the app does not ship: 400 VALIDATION naming `language`; one the shop does not offer: 400 VALIDATION in plain words.',
      inContract: false,
      body: languageBody,
      data: customerOnlyAnswer,
      answer: 'Saved.',
      message: 'Your language is saved.',
    },
    removeBirthday: {
      summary: "Remove the customer's birth date",
      inContract: false,
      data: customerOnlyAnswer,
      answer: 'Removed.',
      message: 'Your birthday is removed.',
    },
    search: {
      tag: CONSOLE,
      summary: 'Find customers by phone number, name or e-mail',
      description:
        '`q` matches part of a name or e-mail (any case) or of a phone number however it is written (0917 123 4567, +63 917…); empty: the newest customers. 20 a page.',
      inContract: false,
      query: customerSearchQuery,
      data: customerSearchAnswer,
      answer: 'The customers found.',
      message: 'Customers found.',
    },
    detail: {
      tag: CONSOLE,
      summary: "A customer's points and wallet with their ledgers, vouchers and orders",
      inContract: false,
      query: customerDetailQuery,
      data: customerDetailAnswer,
      answer: 'The customer.',
      message: 'The customer.',
      errors: ['NOT_FOUND'],
    },
    adjustPoints: {
      tag: CONSOLE,
      summary: "Adjust a customer's points, with a reason",
      description:
        'Owners only. A points ledger entry of its own kind (`owner`), the reason shown to the customer in their history and a notification, the audit log written. A deduction below zero: 409 INSUFFICIENT_POINTS naming `points`. Idempotent by `idempotency_key`.',
      inContract: false,
      body: adjustPointsBody,
      data: adjustPointsAnswer,
      answer: 'The customer and the new entry.',
      message: 'The points are adjusted and the customer is told.',
      errors: ['NOT_FOUND', 'INSUFFICIENT_POINTS'],
    },
  },
);
