/**
 * The wallet card (issue 31): the customer's member card in Apple Wallet (a signed .pkpass, kept up to
 * date through the pass web service and APNs) and in Google Wallet (a "Save to Google Wallet" link; its
 * loyalty object's points patched on changes). Each is offered only when the shop has configured it.
 * The pass web service's routes (Apple's protocol: not enveloped) are listed in passWebServiceEndpoints
 * (passes.spec.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';

export const passStatusAnswer = z.object({
  apple: z.boolean().meta({ description: 'the "Add to Apple Wallet" button shows' }),
  google: z.boolean().meta({ description: 'the "Save to Google Wallet" button shows' }),
});
export type PassStatusData = z.infer<typeof passStatusAnswer>;

export const passGoogleAnswer = z.object({ url: z.string().meta({ description: 'https://pay.google.com/gp/v/save/<signed JWT>: open it to save the card' }) });
export type PassGoogleData = z.infer<typeof passGoogleAnswer>;

export const passRevokeAnswer = z.object({ revoked: z.boolean().meta({ description: 'false: the customer had no wallet card to turn off' }) });
export type PassRevokeData = z.infer<typeof passRevokeAnswer>;
