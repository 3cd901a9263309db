import { describe, expect, it } from 'vitest';
import { currencyCodes, isCurrency } from '../../../src/contract/shop-settings';
import { currencyChoices, isCurrencyChoice, isZoneChoice, zoneChoices, zoneLabel } from '../../../src/screens/console/shared/region-choices';

describe('the currencies an owner picks from', () => {
  it('are the current ISO 4217 codes: none withdrawn, none that is not money a customer pays with', () => {
    const codes = currencyCodes();
    expect(codes).toEqual(expect.arrayContaining(['PHP', 'USD', 'EUR', 'IDR', 'SGD']));
    for (const gone of ['HRK', 'CUC', 'XDR', 'XSU']) {
      expect(codes).not.toContain(gone);
      expect(isCurrency(gone)).toBe(false);
    }
    // an old code goes once the runtime lists its successor
    if (codes.includes('SLE')) expect(codes).not.toContain('SLL');
    expect(isCurrency('PHP')).toBe(true);
  });

  it('each carry a name people read, in the shop’s locale, and the shop’s own code stays listed', () => {
    const choices = currencyChoices('en-PH');
    expect(choices.find((c) => c.value === 'PHP')).toEqual({ value: 'PHP', label: 'PHP · Philippine Peso' });
    expect(choices.map((c) => c.value)).not.toContain('HRK');
    expect(currencyChoices('en-PH', 'HRK')[0]).toEqual({ value: 'HRK', label: 'HRK · Croatian Kuna' });
  });

  it('take a code typed in small letters, and refuse a word that is none', () => {
    expect(isCurrencyChoice(' sgd ', 'PHP')).toBe(true);
    expect(isCurrencyChoice('pesos', 'PHP')).toBe(false);
    expect(isCurrencyChoice('HRK', 'PHP')).toBe(false);
    expect(isCurrencyChoice('HRK', 'HRK')).toBe(true);
  });
});

describe('the time zones an owner picks from', () => {
  it('are one name for each zone, UTC first, each labelled with its city, region and offset', () => {
    const zones = zoneChoices();
    expect(zones[0]).toEqual({ value: 'UTC', label: 'UTC' });
    expect(zones.find((z) => z.value === 'Asia/Manila')).toEqual({ value: 'Asia/Manila', label: 'Manila (Asia) · GMT+8' });
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires (America, Argentina) · GMT-3');
    // aliases of the same zone are not listed beside it
    expect(zones.map((z) => z.value)).not.toContain('US/Eastern');
    expect(new Set(zones.map((z) => z.value)).size).toBe(zones.length);
  });

  it('keep the value the shop has, and refuse what is not a zone', () => {
    expect(zoneChoices('US/Eastern')[0]!.value).toBe('US/Eastern');
    expect(isZoneChoice('Asia/Jakarta', 'Asia/Manila')).toBe(true);
    expect(isZoneChoice('Mars/Olympus', 'Asia/Manila')).toBe(false);
    expect(isZoneChoice('+08:00', 'Asia/Manila')).toBe(false);
  });
});
