/**
 * The spec of the push calls: their declarations (push.calls.ts) joined to their schemas
 * (push.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { pushSubscribeBody, pushUnsubscribeBody, pushPreferencesBody, pushStatusAnswer } from './push';
import { pushApi } from './push.calls';

export const pushSpec = /* @__PURE__ */ describe('Push', pushApi, {
  status: {
    summary: 'Web push: the public key, how many browsers, which kinds',
    description: 'Every customer call answers this. `public_key` null: push is not set up on this shop (the app hides its push settings).',
    data: pushStatusAnswer,
    answer: "The shop's push key and the customer's settings.",
    message: 'Push settings loaded.',
  },
  subscribe: {
    summary: "Receive pushes on this browser (its PushSubscription's endpoint and keys)",
    description:
      "The endpoint is the browser's push service: https on a public host (checked again before each send). One row per endpoint: a browser another customer subscribed on moves to this customer. The first subscription turns every kind on. 503 PUSH_UNAVAILABLE when push is not set up.",
    body: pushSubscribeBody,
    data: pushStatusAnswer,
    answer: 'The settings, counting this browser.',
    message: "We'll send notifications to this phone.",
    errors: ['PUSH_UNAVAILABLE'],
  },
  unsubscribe: {
    summary: 'Stop pushes to this browser',
    body: pushUnsubscribeBody,
    data: pushStatusAnswer,
    answer: 'The settings without this browser (the same when it was not subscribed).',
    message: 'Notifications are off on this phone.',
  },
  preferences: {
    summary: 'Turn kinds of pushes on or off',
    description: 'The kinds given change; the others stay. They hold for every browser of the customer.',
    body: pushPreferencesBody,
    data: pushStatusAnswer,
    answer: 'The settings.',
    message: 'Notification settings saved.',
  },
});
