/**
 * How an order reaches the customer, in one set of words for checkout, the order page and the receipt:
 * "Dine in · Table 12", "Pickup", "Delivery", with the place's name where the receipt gives it.
 */
import { describe, expect, it } from 'vitest';
import { fulfilmentWords } from '../../../src/screens/orders/format';

describe('fulfilmentWords', () => {
  it('names the table of a dine-in order', () => {
    expect(fulfilmentWords({ fulfilment: 'dine_in', table_label: '12' })).toBe('Dine in · Table 12');
    expect(fulfilmentWords({ fulfilment: 'dine_in', table_label: 'Patio 3' }, 'Kopi Senja Makati')).toBe('Dine in · Table Patio 3 at Kopi Senja Makati');
  });

  it('reads "Dine in" alone when the table has no label', () => {
    expect(fulfilmentWords({ fulfilment: 'dine_in', table_label: null })).toBe('Dine in');
    expect(fulfilmentWords({ fulfilment: 'dine_in' }, 'Kopi Senja Makati')).toBe('Dine in at Kopi Senja Makati');
  });

  it('says pickup, at the place when given, and delivery', () => {
    expect(fulfilmentWords({ fulfilment: 'pickup' })).toBe('Pickup');
    expect(fulfilmentWords({ fulfilment: 'pickup' }, 'Kopi Senja Makati')).toBe('Pickup at Kopi Senja Makati');
    expect(fulfilmentWords({ fulfilment: 'pickup' }, null)).toBe('Pickup');
    expect(fulfilmentWords({ fulfilment: 'delivery', table_label: null }, 'Kopi Senja Makati')).toBe('Delivery');
  });
});
