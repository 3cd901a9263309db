/**
 * The settings answer's `gift_cards` (whether the wallet links to gift cards) is kept with the rest of the
 * settings answer (settings.service.ts): every page load reads it, and under a rush on PGlite a read of the
 * database waits behind every order queued before it (the bench's e-pglite-reads: p99 9 ms became 637 ms
 * once each settings read asked the database). The owner's change on this instance shows at once; a change
 * made elsewhere (another instance, here the row written straight) within the settings' few seconds
 * (SETTINGS_MAX_AGE_S).
 */
import { beforeEach, expect, it } from 'vitest';
import { GIFT_SETTINGS } from './gift-cards.helpers';
import { newStaffSession, ownerAndStaff } from './merchant.helpers';
import { describeEachDb, useTestProvider } from './support/provider';
import { giftCardsConsoleApi } from '#contract/gift-cards.calls';
import { settingsApi } from '#contract/settings.calls';
import { callApi } from '../support/calls';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';

describeEachDb('the settings answer says whether gift cards are sold', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const giftCards = async () => (await callApi(p, settingsApi.mainSetting).expect(200)).body.data.gift_cards as boolean;
  const setOn = (on: boolean) => p.db.updateTable('gift_card_settings').set({ enabled: on }).where('id', '=', 1).execute();
  beforeEach(() => clearMerchantCache());

  it("follows the owner's switch at once, and reads the database once while its copy is fresh", async () => {
    expect(await giftCards()).toBe(false);
    team.owner.token = (await newStaffSession(p.db, p.clock, team.owner.id)).token;
    await callApi(p, giftCardsConsoleApi.update, { token: team.owner.token, body: GIFT_SETTINGS }).expect(200);
    expect(await giftCards()).toBe(true);
    // turned off behind this instance's back (another instance): the copy answers, no read of the database,
    // until it is SETTINGS_MAX_AGE_S old (then read again as the merchant's row is: tests/unit/refreshing-copy.test.ts)
    await setOn(false);
    expect(await giftCards()).toBe(true);
    clearMerchantCache();
    expect(await giftCards()).toBe(false);
  });
});
