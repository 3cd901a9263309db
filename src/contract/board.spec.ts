/**
 * The spec of the board calls: their declarations (board.calls.ts) joined to their schemas
 * (board.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { boardOrderQuery, boardAdvanceBody, boardCancelBody, boardMarkPaidBody, boardQuery, boardAnswer, boardOrderOnlyAnswer } from './board';
import { boardApi } from './board.calls';

export const boardSpec = /* @__PURE__ */ describe('Merchant console', boardApi, {
  board: {
    summary: 'The orders board',
    description:
      'Every paid, preparing, ready and on-delivery order, earliest due first, those still awaiting an online payment (not to be made yet), and those completed or cancelled today; of one location (`location_id`) or of every location the member works at. A staff member limited to other locations: 403 LOCATION_FORBIDDEN. Read from the database at every call (the console asks every 3 s).',
    inContract: false,
    query: boardQuery,
    data: boardAnswer,
    answer: 'The board.',
    message: 'The open orders.',
  },
  detail: {
    summary: 'One order, for its ticket',
    description: "Another location's order, for a staff member limited to other locations: 403 LOCATION_FORBIDDEN.",
    inContract: false,
    query: boardOrderQuery,
    data: boardOrderOnlyAnswer,
    answer: 'The order.',
    message: 'The order.',
    errors: ['NOT_FOUND', 'LOCATION_FORBIDDEN'],
  },
  advance: {
    summary: 'Move an order to its next status',
    description:
      '`from` is the status the staff member saw: an order another device moved meanwhile answers 409 INVALID_TRANSITION instead of skipping a step. Audited; the customer is notified.',
    inContract: false,
    body: boardAdvanceBody,
    data: boardOrderOnlyAnswer,
    answer: 'The order as it is now.',
    // the route answers with the order's number and its new status
    message: 'Order <name> is <status>.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'LOCATION_FORBIDDEN'],
  },
  cancel: {
    summary: 'Cancel an order with a reason, refunded the way it was paid',
    description:
      "A wallet payment back to the wallet at once; a gateway payment through the gateway's refund (after the cancellation commits, one idempotency key per order, retried by the hourly job if the gateway fails: `refund.status`). Points earned on it are taken back; the customer is notified with the reason. A cancelled or completed order: 409 INVALID_TRANSITION.",
    inContract: false,
    body: boardCancelBody,
    data: boardOrderOnlyAnswer,
    answer: 'The order, cancelled.',
    // the route answers with the order's number
    message: 'Order <name> is cancelled.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'LOCATION_FORBIDDEN'],
  },
  markPaid: {
    summary: 'Mark a pay-at-the-counter order paid',
    description:
      "A dine-in order the customer chose to pay at the counter (issue 54), paid at the till in cash or by card (`how`): from now on it is paid, earns its points (as an order paid online does, once) and counts in revenue. Two taps at once: one payment, one credit; the second answers 409 CONFLICT. An order already paid, another way, or cancelled: 409 CONFLICT. Audited. Another location's order: 403 LOCATION_FORBIDDEN.",
    inContract: false,
    body: boardMarkPaidBody,
    data: boardOrderOnlyAnswer,
    answer: 'The order, paid.',
    // the route answers with the order's number
    message: 'Order <name> is paid.',
    errors: ['NOT_FOUND', 'CONFLICT', 'LOCATION_FORBIDDEN'],
  },
});
