/**
 * The refusals the gateway answers itself (envelope.ts), in English (the source language), each with its own
 * id: worded in the request's Accept-Language like the provider's (docs/languages.md, "The API's errors").
 * In the provider's catalogue (lingui.server.config.ts, server/locales), read through server/lib/catalogue.ts:
 * the gateway imports nothing of the provider. The words the provider's errors table has too (the session
 * expired) keep its id, so they are translated once.
 */

export const gatewayErrors = {
  notJson: /*i18n*/ { id: 'gateway.not-json', message: 'Send this request as JSON (content-type: application/json).' },
  bodyTooLarge: /*i18n*/ { id: 'gateway.body-too-large', message: 'The request body is too large.' },
  imageTooLarge: /*i18n*/ { id: 'gateway.image-too-large', message: 'This image is larger than 2 MB. Please choose a smaller one.' },
  unusableAnswer: /*i18n*/ {
    id: 'gateway.unusable-answer',
    message: 'The service gave an answer that cannot be used. Please try again in a moment.',
  },
  unreachable: /*i18n*/ { id: 'gateway.unreachable', message: 'The service cannot be reached right now. Please try again in a moment.' },
  sessionExpired: /*i18n*/ { id: 'error.session-expired', message: 'Your session has expired. Please sign in again.' },
  ownerOnly: /*i18n*/ { id: 'gateway.owner-only', message: 'Only an owner can do this. Ask an owner of this shop.' },

  // the map's address search
  searchSignIn: /*i18n*/ { id: 'gateway.search.sign-in', message: 'Sign in to search for an address.' },
  searchTooMany: /*i18n*/ {
    id: 'gateway.search.too-many',
    message: 'Too many searches. Try again in {seconds, plural, one {# second} other {# seconds}}, or drag the pin.',
  },
  searchSessionUnchecked: /*i18n*/ {
    id: 'gateway.search.session-unchecked',
    message: 'We could not check your session. Try again in a moment, or drag the pin.',
  },
  searchOff: /*i18n*/ {
    id: 'gateway.search.off',
    message: 'Address search is not set up for this shop. Drag the pin or type the coordinates instead.',
  },
  searchBusy: /*i18n*/ { id: 'gateway.search.busy', message: 'Address search is busy. Try again in a few seconds, or drag the pin.' },
  searchDown: /*i18n*/ {
    id: 'gateway.search.down',
    message: 'Address search is not available right now. Drag the pin or type the coordinates instead.',
  },
};
