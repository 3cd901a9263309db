/**
 * The activity log in the owner's words (issue #25, item 12): sentences, money in the shop's currency,
 * before and after in words, never JSON or minor units.
 */
import { describe, expect, it } from 'vitest';
import { changesOf, describeActivity, type AuditEntry } from '../../../src/screens/console/activity/activity-text';
import { activityFormat } from '../../../src/screens/console/shared/console-format';

const f = activityFormat({ locale: 'en-PH', currency: 'PHP' });
const anna = { id: 2, name: 'Anna', email: 'anna@example.com' };
const entry = (e: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  staff: anna,
  actor: 'staff',
  action: 'x',
  target: null,
  before: null,
  after: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...e,
});

describe('the activity log in words', () => {
  it('says an offer added, changed, paused and given codes, with money as money and times on the shop’s clock', () => {
    const manila = activityFormat({ locale: 'en-PH', currency: 'PHP', timezone: 'Asia/Manila' });
    // a walk-through saw "Anna: offer.create (offer:1)", "Min spend 10,000" and "Kind percent_off"
    const added = describeActivity(
      entry({
        action: 'offer.create',
        target: 'offer:1',
        after: {
          title: 'Weekend 10%',
          code: 'WEEKEND10',
          kind: 'percent_off',
          value: 10,
          min_spend: 10_000,
          max_discount: 5_000,
          starts_at: '2026-11-20T01:00:00.000Z',
        },
      }),
      manila,
    );
    expect(added.sentence).toBe('Anna added the offer Weekend 10%.');
    const said = Object.fromEntries(added.changes.map((c) => [c.label, c.after]));
    expect(said).toMatchObject({
      'What it gives': 'A percentage off the order',
      'Minimum spend': '₱100.00',
      'Most off an order': '₱50.00',
      'Promo code': 'WEEKEND10',
    });
    expect(said.Starts).toMatch(/^Nov 20, 2026, 9:00\sAM$/);
    expect(describeActivity(entry({ action: 'offer.update', before: { title: 'Weekend 10%' }, after: { title: 'Weekend 15%' } }), manila).sentence).toBe(
      'Anna changed the offer Weekend 15%.',
    );
    expect(describeActivity(entry({ action: 'offer.status', after: { title: 'Weekend 10%', status: 'paused' } }), manila).sentence).toBe(
      'Anna paused the offer Weekend 10%.',
    );
    expect(describeActivity(entry({ action: 'offer.status', after: { title: 'Weekend 10%', status: 'active' } }), manila).sentence).toBe(
      'Anna turned the offer Weekend 10% on again.',
    );
    expect(describeActivity(entry({ action: 'offer.codes', after: { batch_id: 3, count: 200, prefix: 'FLYER' } }), manila).sentence).toBe(
      'Anna made 200 single-use codes.',
    );
  });

  it('says a payment taken at the counter, and a counter order cancelled unpaid without a refund (issue 54)', () => {
    const paid = describeActivity(
      entry({
        action: 'order.mark_paid',
        target: 'order:KS-7F3K9Q2M',
        before: { paid: false, total: 24_500 },
        after: { paid: true, how: 'cash', total: 24_500 },
      }),
      f,
    );
    expect(paid.sentence).toBe('Anna took payment for order KS-7F3K9Q2M at the counter (₱245.00, cash).');
    const unpaid = describeActivity(
      entry({
        action: 'order.cancel',
        target: 'order:KS-7F3K9Q2M',
        before: { status: 'preparing', total: 24_500 },
        after: { status: 'cancelled', reason: 'Left', refunded: false },
      }),
      f,
    );
    expect(unpaid.sentence).toBe('Anna cancelled order KS-7F3K9Q2M (₱245.00, not paid, nothing refunded).');
    const refunded = describeActivity(
      entry({
        action: 'order.cancel',
        target: 'order:KS-7F3K9Q2M',
        before: { status: 'preparing', total: 24_500 },
        after: { status: 'cancelled', reason: 'Left' },
      }),
      f,
    );
    expect(refunded.sentence).toBe('Anna cancelled order KS-7F3K9Q2M (₱245.00, refunded).');
  });

  it('says a counter redemption as it happened', () => {
    const t = describeActivity(
      entry({
        action: 'voucher.redeem',
        target: 'voucher:1',
        before: { status: 'active' },
        after: { status: 'used', redemption: 9, reward: 'free-turon', reward_title: 'Free turon', customer: 'Ana Reyes' },
      }),
      f,
    );
    expect(t.sentence).toBe('Anna redeemed Free turon for Ana Reyes.');
    expect(t.changes).toEqual([]);
  });

  it('says a reward given for points from the member card, and its undo', () => {
    const gave = describeActivity(
      entry({
        action: 'counter.reward_redeem',
        target: 'voucher:5',
        before: { points: 130 },
        after: { points: 10, spent: 120, redemption: 9, reward: 'cake', reward_title: 'Birthday cake slice', customer: 'Ana Reyes', location: 'Makati' },
      }),
      f,
    );
    expect([gave.sentence, gave.warning, gave.changes]).toEqual([
      'Anna gave Ana Reyes Birthday cake slice for 120 points, from their member card at Makati.',
      false,
      [],
    ]);
    const undone = describeActivity(
      entry({
        action: 'counter.reward_undo',
        target: 'voucher:5',
        after: { points: 130, given_back: 120, reward_title: 'Birthday cake slice', customer: 'Ana Reyes', location: null },
      }),
      f,
    );
    expect(undone.sentence).toBe("Anna undid Birthday cake slice for Ana Reyes: 120 points and the reward's stock went back.");
  });

  it('says points given at the counter, their undo and a refusal by a daily limit (a warning)', () => {
    const gave = describeActivity(
      entry({
        action: 'counter.earn',
        target: 'customer:3',
        before: { points: 10 },
        after: { points: 28, earned: 18, amount: 18_000, earn: 4, customer: 'Ana Reyes', location: 'Makati' },
      }),
      f,
    );
    expect([gave.sentence, gave.warning]).toEqual(['Anna gave Ana Reyes 18 points for a ₱180.00 sale at Makati.', false]);
    const undone = describeActivity(
      entry({
        action: 'counter.earn_undo',
        target: 'customer:3',
        after: { points: 10, taken_back: 18, amount: 18_000, customer: 'Ana Reyes', location: null },
      }),
      f,
    );
    expect(undone.sentence).toBe('Anna took back the 18 points Ana Reyes earned for a ₱180.00 sale.');
    const refused = describeActivity(
      entry({
        action: 'counter.earn_refused',
        target: 'customer:3',
        after: { amount: 90_000, points: 90, customer: 'Ana Reyes', location: 'Makati', limit: 'customer', cap: 500, points_left_today: 20 },
      }),
      f,
    );
    expect(refused).toMatchObject({
      sentence: 'Anna could not give Ana Reyes 90 points for a ₱900.00 sale at Makati: the customer has earned the most points allowed at the counter today.',
      warning: true,
      detail: 'The daily limit is 500 points per customer (20 left today); an owner can change it in the shop settings.',
    });
    const stamps = describeActivity(
      entry({
        action: 'counter.earn_refused',
        target: 'customer:3',
        after: { amount: 90_000, points: 90, customer: 'Ana Reyes', location: null, stamps: 12, limit: 'staff', cap: 300, stamps_left_today: 4 },
      }),
      f,
    );
    expect(stamps).toMatchObject({
      sentence: 'Anna could not give Ana Reyes 12 stamps for a ₱900.00 sale: they have given the most stamps allowed at the counter today.',
      detail: 'The daily limit is 300 stamps per staff member (4 left today); an owner can change it in the shop settings.',
    });
  });

  it('tells option group changes and the sold-out switch in words', () => {
    const group = { id: 4, name: 'Size', min_choices: 1, max_choices: 1, options: [{ id: 1, name: 'Regular' }], product_ids: [2] };
    expect(describeActivity(entry({ action: 'menu.option_group.create', before: null, after: group }), f).sentence).toBe('Anna added the option group Size.');
    const changed = describeActivity(entry({ action: 'menu.option_group.update', before: group, after: { ...group, name: 'Cup', max_choices: 2 } }), f);
    expect([changed.sentence, changed.changes]).toEqual([
      'Anna changed the option group Cup.',
      [
        { label: 'Name', before: 'Size', after: 'Cup' },
        { label: 'Most choices', before: '1', after: '2' },
      ],
    ]);
    expect(describeActivity(entry({ action: 'menu.option_group.delete', before: group, after: null }), f).sentence).toBe('Anna removed the option group Size.');
    expect(
      describeActivity(
        entry({ action: 'menu.option.availability', before: { name: 'Oat milk', available: true }, after: { name: 'Oat milk', available: false } }),
        f,
      ).sentence,
    ).toBe('Anna marked Oat milk sold out.');
    expect(
      describeActivity(
        entry({ action: 'menu.option.availability', before: { name: 'Oat milk', available: false }, after: { name: 'Oat milk', available: true } }),
        f,
      ).sentence,
    ).toBe('Anna put Oat milk back on sale.');
  });

  it("says a location's tables and areas added, changed and removed", () => {
    const say = (action: string, before: object | null, after: object | null) =>
      describeActivity(entry({ action, target: 'location:2', before, after }), f).sentence;
    expect(say('location.table_create', null, { label: '12' })).toBe('Anna added table 12.');
    expect(say('location.table_update', { label: '12', active: true }, { label: '14', active: false })).toBe('Anna changed table 12.');
    expect(say('location.table_remove', { label: '14' }, null)).toBe('Anna removed table 14.');
    expect(say('location.table_area_create', null, { name: 'Terrace' })).toBe('Anna added the area Terrace.');
    expect(say('location.table_area_rename', { name: 'Terrace' }, { name: 'Garden' })).toBe('Anna renamed the area Terrace to Garden.');
    expect(say('location.table_area_remove', { name: 'Garden' }, null)).toBe('Anna removed the area Garden.');
  });

  it("says a location's changes, its pauses and where a member works", () => {
    expect(describeActivity(entry({ action: 'location.create', target: 'location:2', after: { name: 'BGC', prep_minutes: 10 } }), f).sentence).toBe(
      'Anna added the location BGC.',
    );
    const changed = describeActivity(
      entry({
        action: 'location.update',
        target: 'location:2',
        before: { name: 'BGC', prep_minutes: 10, pickup: true },
        after: { name: 'BGC', prep_minutes: 20, pickup: false },
      }),
      f,
    );
    expect([changed.sentence, changed.changes]).toEqual([
      'Anna changed the location BGC.',
      [
        { label: 'Minutes to prepare', before: '10', after: '20' },
        { label: 'Takes pickup orders', before: 'Yes', after: 'No' },
      ],
    ]);
    expect(
      describeActivity(
        entry({ action: 'location.pause', after: { name: 'Makati', choice: '15_minutes', paused: true, paused_until: '2026-11-20T10:15:00.000Z' } }),
        f,
      ).sentence,
    ).toBe('Anna paused online orders at Makati for 15 minutes.');
    expect(
      describeActivity(entry({ action: 'location.pause', after: { name: 'Makati', choice: 'until_resumed', paused: true, paused_until: null } }), f).sentence,
    ).toBe('Anna paused online orders at Makati until someone resumes them.');
    expect(describeActivity(entry({ action: 'location.resume', after: { name: 'Makati', paused: false } }), f).sentence).toBe(
      'Anna resumed online orders at Makati.',
    );
    expect(describeActivity(entry({ action: 'staff.locations', after: { name: 'Sam', location_ids: [2], locations: ['BGC'] } }), f).sentence).toBe(
      'Anna set where Sam works: BGC.',
    );
    expect(describeActivity(entry({ action: 'staff.locations', after: { name: 'Sam', location_ids: [], locations: [] } }), f).sentence).toBe(
      'Anna set where Sam works: every location.',
    );
  });

  it('says a voided referral in words, with what it took back', () => {
    const voided = (after: Record<string, unknown>) =>
      describeActivity(entry({ action: 'referral.void', target: 'referral:3', before: { status: 'rewarded' }, after }), f).sentence;
    expect(
      voided({
        status: 'void',
        reason: 'Same household.',
        referrer: 'Ana Reyes',
        friend: 'Ben Cruz',
        referrer_points: 60,
        friend_points: 100,
        vouchers_cancelled: 0,
      }),
    ).toBe('Anna voided the referral of Ben Cruz by Ana Reyes (Same household), taking back 160 points.');
    expect(
      voided({ status: 'void', reason: 'Test', referrer: 'Ana Reyes', friend: 'Ben Cruz', referrer_points: 0, friend_points: 0, vouchers_cancelled: 1 }),
    ).toBe('Anna voided the referral of Ben Cruz by Ana Reyes (Test), taking back 1 voucher.');
    expect(
      voided({
        status: 'void',
        reason: 'Never ordered',
        referrer: 'Ana Reyes',
        friend: 'Ben Cruz',
        referrer_points: 0,
        friend_points: 0,
        vouchers_cancelled: 0,
      }),
    ).toBe('Anna voided the referral of Ben Cruz by Ana Reyes (Never ordered).');
  });

  it('says a referral approved or rejected on review in words', () => {
    const said = (action: string, after: Record<string, unknown>) =>
      describeActivity(entry({ action, target: 'referral:4', before: { status: 'review', signals: ['address'] }, after }), f).sentence;
    const names = { referrer: 'Ana Reyes', friend: 'Ben Cruz' };
    expect(said('referral.approve', { status: 'rewarded', referrer_points: 100, friend_points: 100, ...names })).toBe(
      'Anna approved the referral of Ben Cruz by Ana Reyes after review: both were rewarded.',
    );
    expect(said('referral.approve', { status: 'capped', referrer_points: null, friend_points: 100, ...names })).toBe(
      'Anna approved the referral of Ben Cruz by Ana Reyes after review: the friend was rewarded (the referrer was over the monthly cap).',
    );
    expect(said('referral.reject', { status: 'refused', ...names })).toBe(
      'Anna rejected the referral of Ben Cruz by Ana Reyes after review: neither was rewarded.',
    );
  });

  it("says an earning rule's creation, changes, pauses and end", () => {
    const rule = { kind: 'window', name: 'Double points Tuesday', multiplier: 2, start: '14:00', end: '16:00' };
    expect(describeActivity(entry({ action: 'loyalty.rule.create', target: 'loyalty_rule:4', after: rule }), f).sentence).toBe(
      'Anna added the earning rule Double points Tuesday.',
    );
    const changed = describeActivity(entry({ action: 'loyalty.rule.update', target: 'loyalty_rule:4', before: rule, after: { ...rule, end: '17:00' } }), f);
    expect(changed.sentence).toBe('Anna changed the earning rule Double points Tuesday.');
    expect(changed.changes.map((c) => [c.before, c.after])).toEqual([['16:00', '17:00']]);
    const status = (from: string, to: string) =>
      describeActivity(entry({ action: 'loyalty.rule.status', before: { name: 'Happy hour', status: from }, after: { name: 'Happy hour', status: to } }), f)
        .sentence;
    expect([status('active', 'paused'), status('paused', 'active'), status('paused', 'ended')]).toEqual([
      'Anna paused the earning rule Happy hour.',
      'Anna resumed the earning rule Happy hour.',
      'Anna ended the earning rule Happy hour.',
    ]);
  });

  it("says a stamp card's creation, changes, pauses and end", () => {
    const card = { name: 'Coffee card', product_ids: [1], category_ids: [], per: 'item', stamps_needed: 10, reward_id: 3, expiry_days: 365 };
    expect(describeActivity(entry({ action: 'loyalty.stamps.create', target: 'stamp_program:2', after: card }), f).sentence).toBe(
      'Anna added the stamp card Coffee card.',
    );
    const changed = describeActivity(
      entry({ action: 'loyalty.stamps.update', target: 'stamp_program:2', before: card, after: { ...card, stamps_needed: 8 } }),
      f,
    );
    expect(changed.sentence).toBe('Anna changed the stamp card Coffee card.');
    expect(changed.changes.map((c) => [c.before, c.after])).toEqual([['10', '8']]);
    const status = (from: string, to: string) =>
      describeActivity(entry({ action: 'loyalty.stamps.status', before: { name: 'Coffee card', status: from }, after: { name: 'Coffee card', status: to } }), f)
        .sentence;
    expect([status('active', 'paused'), status('paused', 'active'), status('active', 'ended')]).toEqual([
      'Anna paused the stamp card Coffee card.',
      'Anna resumed the stamp card Coffee card.',
      'Anna ended the stamp card Coffee card.',
    ]);
  });

  it('says the tier programme saved', () => {
    const tier = (name: string, threshold: number) => ({
      name,
      threshold,
      multiplier: 1,
      welcome_reward_id: null,
      birthday_reward_id: null,
      early_reward_ids: [],
    });
    const before = { enabled: true, basis: 'points', tiers: [tier('Bean', 0), tier('Brew', 500)] };
    const saved = describeActivity(
      entry({ action: 'loyalty.tiers.update', before, after: { ...before, basis: 'visits', tiers: [...before.tiers, tier('Barista', 1500)] } }),
      f,
    );
    expect(saved.sentence).toBe('Anna changed the tiers: Bean, Brew, Barista.');
    expect(saved.changes).toEqual([
      { label: 'What counts', before: 'Points earned', after: 'Visits' },
      { label: 'Tiers', before: 'Bean, Brew', after: 'Bean, Brew, Barista' },
    ]);
    expect(describeActivity(entry({ action: 'loyalty.tiers.update', before, after: { ...before, enabled: false } }), f).sentence).toBe(
      'Anna changed the tiers: Bean, Brew (tiers off).',
    );
  });

  it('says a campaign turned on or changed, and what changed, in words', () => {
    const before = { name: 'Win-back', enabled: false, title: 'We miss you', body: 'Come back', reward: null, timing: 30, unit: 'days' };
    const on = describeActivity(
      entry({
        action: 'campaign.update',
        target: 'campaign:win_back',
        before,
        after: { ...before, enabled: true, reward: 'Free butter croissant', timing: 45 },
      }),
      f,
    );
    expect(on.sentence).toBe('Anna turned on the Win-back campaign.');
    expect(on.changes).toEqual([
      { label: 'On', before: 'No', after: 'Yes' },
      { label: 'Reward', before: 'None', after: 'Free butter croissant' },
      { label: 'Timing', before: '30 days', after: '45 days' },
    ]);
    const text = describeActivity(
      entry({ action: 'campaign.update', before: { ...before, enabled: true }, after: { ...before, enabled: true, body: 'Come back soon' } }),
      f,
    );
    expect(text.sentence).toBe('Anna changed the Win-back campaign.');
    expect(text.changes).toEqual([{ label: 'Message', before: 'Come back', after: 'Come back soon' }]);
    expect(describeActivity(entry({ action: 'campaign.update', before: { ...before, enabled: true }, after: before }), f).sentence).toBe(
      'Anna turned off the Win-back campaign.',
    );
  });

  it('says a one-off message was sent, to how many and which tier, with its text', () => {
    const t = describeActivity(
      entry({
        action: 'broadcast.send',
        target: 'broadcast:3',
        before: null,
        after: { title: 'Rainy day', body: 'Hot chocolate is half price, {name}.', tier: 'Brew', reward: null, audience: 1412 },
      }),
      f,
    );
    expect(t.sentence).toBe('Anna sent the message “Rainy day” to 1,412 customers of the Brew tier.');
    expect(t.detail).toBe('Hot chocolate is half price, {name}.');
  });

  it('shows a price change as money, not centavos', () => {
    const t = describeActivity(
      entry({
        action: 'menu.product.update',
        before: { id: 3, name: 'Kopi', price: 12_000, available: true },
        after: { id: 3, name: 'Kopi', price: 13_500, available: false },
      }),
      f,
    );
    expect(t.sentence).toBe('Anna changed Kopi.');
    expect(t.changes).toEqual([
      { label: 'Price', before: '₱120.00', after: '₱135.00' },
      { label: 'On sale', before: 'On sale', after: 'Sold out' },
    ]);
  });

  it('shows a settings change in words: money as money, quick amounts as a list, yes and no', () => {
    const t = describeActivity(
      entry({
        action: 'settings.update',
        target: 'settings',
        before: { delivery_fee: 4_900, delivery_fee_earns_points: true, topup_presets: [10_000, 50_000], timezone: 'Asia/Manila' },
        after: { delivery_fee: 5_900, delivery_fee_earns_points: false, topup_presets: [20_000], timezone: 'Asia/Singapore' },
      }),
      f,
    );
    expect(t.sentence).toBe('Anna changed the shop settings.');
    expect(t.changes).toEqual([
      { label: 'Delivery fee', before: '₱49.00', after: '₱59.00' },
      { label: 'Delivery fee earns points', before: 'Yes', after: 'No' },
      { label: 'Quick top-up amounts', before: '₱100.00, ₱500.00', after: '₱200.00' },
      { label: 'Time zone', before: 'Asia/Manila', after: 'Asia/Singapore' },
    ]);
  });

  it("says a product's lifecycle (archived, restored, deleted, a category's products reordered) and a reward's free product by name", () => {
    const kopi = { id: 3, name: 'Kopi', price: 12_000 };
    expect(
      describeActivity(
        entry({ action: 'menu.product.archive', before: { ...kopi, archived_at: null }, after: { ...kopi, archived_at: '2026-11-20T10:00:00.000Z' } }),
        f,
      ).sentence,
    ).toBe('Anna archived Kopi: customers no longer see it.');
    expect(
      describeActivity(
        entry({ action: 'menu.product.restore', before: { ...kopi, archived_at: '2026-11-20T10:00:00.000Z' }, after: { ...kopi, archived_at: null } }),
        f,
      ).sentence,
    ).toBe('Anna brought Kopi back on the menu.');
    expect(describeActivity(entry({ action: 'menu.product.delete', before: kopi, after: null }), f).sentence).toBe('Anna deleted Kopi from the menu.');
    const reward = describeActivity(
      entry({
        action: 'reward.update',
        before: { title: 'Treat', discount_amount: 5_000, product: null },
        after: { title: 'Treat', discount_amount: 0, product: { id: 7, name: 'Ube latte', archived: false } },
      }),
      f,
    );
    expect(reward.changes).toEqual([
      { label: 'Discount', before: '₱50.00', after: '₱0.00' },
      { label: 'Free product', before: '—', after: 'Ube latte' },
    ]);
    expect(describeActivity(entry({ action: 'menu.product.reorder', target: 'category:2', before: [1, 2], after: [2, 1] }), f).sentence).toBe(
      'Anna put the products of a category in a new order.',
    );
  });

  it('names who acted when it was not a staff member: the machine key, a visitor', () => {
    expect(
      describeActivity(entry({ staff: null, actor: 'machine', action: 'order.status', target: 'order:KS-1', after: { name: 'KS-1', status: 'ready' } }), f)
        .sentence,
    ).toBe('The point-of-sale system (merchant key) marked order KS-1 as ready.');
    const attack = describeActivity(
      entry({
        staff: null,
        actor: 'visitor',
        action: 'signin.attack',
        after: { email: 'rosa@example.com', failures: 12, minutes: 15, address: '203.0.113.7' },
      }),
      f,
    );
    expect(attack.warning).toBe(true);
    expect(attack.sentence).toBe('rosa@example.com is being guessed at: 12 wrong passwords in 15 minutes.');
  });

  it("says what the payment service did: a refund made in its dashboard, a customer's bank disputing a payment", () => {
    const refund = describeActivity(
      entry({
        staff: null,
        actor: 'operator',
        action: 'payment.refunded',
        target: 'payment:p1',
        before: { refunded: 0 },
        after: { refunded: 100_000, amount: 100_000, by: 'Stripe', kind: 'topup', order: null, wallet_taken_back: 60_000, not_taken_back: 40_000 },
      }),
      f,
    );
    expect(refund.sentence).toBe('Stripe refunded ₱1,000.00 of a top-up. ₱400.00 of it had been spent and could not be taken back from the wallet.');
    expect(refund.warning).toBe(true);
    const ordered = describeActivity(
      entry({ staff: null, actor: 'operator', action: 'payment.refunded', after: { amount: 21_050, by: 'Stripe', kind: 'order', order: 'KS-7' } }),
      f,
    );
    expect(ordered.sentence).toBe('Stripe refunded ₱210.50 of order KS-7.');
    expect(ordered.warning).toBe(false);
    const dispute = describeActivity(
      entry({
        staff: null,
        actor: 'operator',
        action: 'payment.disputed',
        after: { amount: 21_050, by: 'Stripe', reason: 'product_not_received', order: 'KS-7' },
      }),
      f,
    );
    expect(dispute.sentence).toBe("A customer's bank disputed ₱210.50 of order KS-7 at Stripe.");
    expect(dispute.detail).toBe('Reason given: product not received');
    expect(dispute.warning).toBe(true);
  });

  it('says a test message and where it went', () => {
    expect(
      describeActivity(entry({ action: 'channels.test_message', target: 'channel:sms', after: { channel: 'sms', to: '+639171234567' } }), f).sentence,
    ).toBe('Anna sent a test text message to +639171234567.');
    expect(
      describeActivity(entry({ action: 'channels.test_message', target: 'channel:email', after: { channel: 'email', to: 'anna@example.com' } }), f).sentence,
    ).toBe('Anna sent a test e-mail to anna@example.com.');
  });

  it('says a service connected, replaced and disconnected in the console by what is shown of it, no change list (issue 46)', () => {
    const connect = describeActivity(entry({ action: 'channels.connect', target: 'channel:stripe', after: { service: 'stripe', shown: 'sk_live_…4242' } }), f);
    expect([connect.sentence, connect.changes]).toEqual(['Anna connected Stripe (sk_live_…4242).', []]);
    expect(
      describeActivity(
        entry({
          action: 'channels.replace',
          target: 'channel:twilio',
          before: { service: 'twilio', shown: 'AC…1111' },
          after: { service: 'twilio', shown: 'AC…2222' },
        }),
        f,
      ).sentence,
    ).toBe('Anna replaced the settings of Twilio (AC…2222).');
    expect(
      describeActivity(entry({ action: 'channels.disconnect', target: 'channel:smtp', before: { service: 'smtp', shown: 'mail.example.com:587' } }), f)
        .sentence,
    ).toBe('Anna disconnected the e-mail server (mail.example.com:587).');
  });

  it('says downloads with their days, points with the customer, an unknown action plainly', () => {
    expect(describeActivity(entry({ action: 'export.orders', after: { from: '2026-11-01', to: '2026-11-30' } }), f).sentence).toBe(
      'Anna downloaded the orders for Nov 1, 2026 to Nov 30, 2026.',
    );
    const points = describeActivity(
      entry({ action: 'customer.points', before: { points: 500 }, after: { points: 450, change: -50, reason: 'Counted twice', customer: 'Ana Reyes' } }),
      f,
    );
    expect(points.sentence).toBe('Anna took 50 points from Ana Reyes.');
    expect(points.changes).toEqual([{ label: 'Points', before: '500', after: '450' }]);
    expect(describeActivity(entry({ action: 'reward.bundle', target: 'reward:x' }), f).sentence).toBe('Anna: reward.bundle (reward:x).');
    expect(describeActivity(entry({ action: 'gift_cards.batch', after: { label: 'December 2026', count: 500 } }), f).sentence).toBe(
      'Anna made 500 printed gift card numbers (December 2026).',
    );
    expect(describeActivity(entry({ action: 'export.gift_card_batch', after: { batch_id: 2 } }), f).sentence).toBe(
      'Anna downloaded the numbers of a batch of printed gift cards.',
    );
  });

  it('says which days of the opening hours changed and how, never "…" (issue 46)', () => {
    const week = { mon: [{ open: '07:00', close: '19:00' }], tue: [{ open: '07:00', close: '19:00' }], wed: [], thu: [], fri: [], sat: [], sun: [] };
    const t = describeActivity(
      entry({
        action: 'location.update',
        target: 'location:1',
        before: { name: 'Makati', hours: week, exceptions: [] },
        after: {
          name: 'Makati',
          hours: {
            ...week,
            tue: [
              { open: '08:00', close: '12:00' },
              { open: '13:00', close: '17:00' },
            ],
            sun: [{ open: '09:00', close: '15:00' }],
          },
          exceptions: [{ date: '2026-12-25', periods: [] }],
        },
      }),
      f,
    );
    expect(t.changes).toEqual([
      { label: 'Opening hours, Tuesday', before: '7:00 AM–7:00 PM', after: '8:00 AM–12:00 PM, 1:00 PM–5:00 PM' },
      { label: 'Opening hours, Sunday', before: 'Closed', after: '9:00 AM–3:00 PM' },
      { label: 'Dated hours, Dec 25, 2026', before: '—', after: 'Closed' },
    ]);
  });

  it('says a new logo or photo rather than where it is stored (issue 46)', () => {
    const t = describeActivity(
      entry({
        action: 'theme.publish',
        before: { post_file: '/media/logo-1a2b.webp', post_title: '/media/fav-1.png', landing_body_background_image: '' },
        after: { post_file: '/media/logo-3c4d.webp', post_title: '', landing_body_background_image: '/media/landing-9.webp' },
      }),
      f,
    );
    expect(t.changes).toEqual([
      { label: 'Logo', before: 'the previous logo', after: 'a new logo' },
      { label: 'Favicon', before: 'the previous favicon', after: 'none' },
      { label: 'Landing image', before: '—', after: 'a new landing image' },
    ]);
    expect(changesOf({ image: '/media/a.webp' }, { image: '/media/b.webp' }, f)).toEqual([
      { label: 'Photo', before: 'the previous photo', after: 'a new photo' },
    ]);
  });

  it('leaves bookkeeping out of before and after', () => {
    expect(changesOf({ id: 1, created_at: 'a', name: 'A' }, { id: 2, created_at: 'b', name: 'B' }, f)).toEqual([{ label: 'Name', before: 'A', after: 'B' }]);
  });
});
