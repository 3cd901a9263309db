import { describe, expect, it } from 'vitest';
import type { MapPlace } from '../../../src/contract/map';
import { fillFromPlace } from '../../../src/screens/addresses/address-fill';

const mabini: MapPlace = { label: '21 Calle Mabini, Makati', lat: 14.5649, lng: 121.0305, line1: '21 Calle Mabini', city: 'Makati', postal_code: '1210' };
const ayala: MapPlace = { label: 'Ayala Avenue, Makati', lat: 14.5547, lng: 121.0244, line1: 'Ayala Avenue', city: 'Makati City', postal_code: '' };

describe('filling the address form from a search result', () => {
  it('fills the street, city and postal code the customer left empty, and keeps what they typed', () => {
    const { draft, filled } = fillFromPlace({ label: 'Home', line1: '', city: 'Makati City', postal_code: '  ' }, null, mabini);
    expect(draft).toEqual({ label: 'Home', line1: '21 Calle Mabini', city: 'Makati City', postal_code: '1210' });
    expect(filled).toEqual({ line1: '21 Calle Mabini', postal_code: '1210' });
  });

  it('replaces what an earlier result filled, but not a field the customer changed since', () => {
    const first = fillFromPlace(null, null, mabini);
    // the customer corrects the street on the form, then chooses another result
    const typed = { ...first.draft, line1: '21-B Calle Mabini' };
    const second = fillFromPlace(typed, first.filled, ayala);
    expect(second.draft).toEqual({ line1: '21-B Calle Mabini', city: 'Makati City', postal_code: '1210' });
    // a result without a postal code leaves the earlier one, which a later result may still replace
    expect(second.filled).toEqual({ city: 'Makati City', postal_code: '1210' });
  });
});
