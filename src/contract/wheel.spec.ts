/**
 * The spec of the wheel calls: their declarations (wheel.calls.ts) joined to their schemas
 * (wheel.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { spinBody, wheelConfigAnswer, spinAnswer, wheelPublishBody, wheelEditorAnswer } from './wheel';
import { wheelApi, wheelEditorApi } from './wheel.calls';

// ---------------------------------------------------------------------------------------------
// The specs
// ---------------------------------------------------------------------------------------------

export const wheelSpec = /* @__PURE__ */ describe('Wheel', wheelApi, {
  config: {
    summary: 'The wheel and the spins left',
    description: '409 CONFLICT while the wheel has no segments (closed).',
    data: wheelConfigAnswer,
    answer: 'The wheel.',
    message: 'Wheel loaded.',
    errors: ['CONFLICT'],
  },
  spin: {
    summary: 'Spin the wheel',
    description: "A free spin while there is one today, else it costs `spin_cost_points`. The draw is the provider's.",
    body: spinBody,
    data: spinAnswer,
    answer: 'The prize.',
    message: 'You won <the prize>! (or: No prize this time. Better luck next spin!)',
    errors: ['CONFLICT', 'NO_SPINS_LEFT'],
  },
});

/** The owner's wheel (tag "Merchant console"). */
export const wheelEditorSpec = /* @__PURE__ */ describe('Merchant console', wheelEditorApi, {
  editor: {
    summary: 'The wheel: the configuration in use and every one published before',
    description:
      'Each segment with the chance customers are shown (`probability`). Every spin names its version, so it can be explained by the odds of its time.',
    inContract: false,
    data: wheelEditorAnswer,
    answer: 'The wheel.',
    message: 'The wheel.',
  },
  publish: {
    summary: 'Publish a new wheel configuration',
    description:
      'The whole configuration: segments (label, prize, weight), the cost of a paid spin, free spins a day (at most 1). New odds apply from the next spin; a spin in flight keeps the odds it started with. Refused: no segment, a weight below 1, a points prize without points, a voucher prize of a retired or unknown reward (400 naming e.g. `segments.2.reward`).',
    inContract: false,
    body: wheelPublishBody,
    data: wheelEditorAnswer,
    answer: 'The wheel, with the new version in use.',
    message: 'Published: the next spin uses these odds.',
  },
});
