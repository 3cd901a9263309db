// @vitest-environment jsdom
/**
 * The address form's "Please check the highlighted fields": it goes as soon as no field is highlighted
 * any more, whether the highlight was the form's own check or the server's answer, and it never stays
 * over fields the customer has since corrected.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressForm } from '../../../src/screens/addresses/address-form';

afterEach(cleanup);

const filled = {
  label: 'Home',
  recipient: 'Maria Santos',
  phone: '+639171234567',
  line1: '12 Jupiter Street',
  city: 'Makati',
  postal_code: '1209',
  lat: 14.56,
  lng: 121.02,
};
const summary = () => screen.queryByText(/Please check the/);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the address form’s summary of highlighted fields', () => {
  it('goes once the fields the form highlighted are corrected', () => {
    render(<AddressForm initial={{ ...filled, city: '', postal_code: '' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(summary()?.textContent).toBe('Please check the 2 highlighted fields.');
    type('City', 'Makati');
    expect(summary()?.textContent).toBe('Please check the highlighted field.');
    type('Postal code', '1209');
    expect(summary()).toBeNull();
  });

  it('goes once the field the server refused is corrected, and comes back with the next refusal', () => {
    const { rerender } = render(<AddressForm initial={{ ...filled, postal_code: '' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    type('Postal code', '12');
    // the server refuses what the form let through
    const refused = { postal_code: 'must be a postal code' };
    rerender(<AddressForm initial={{ ...filled, postal_code: '' }} fieldErrors={refused} />);
    expect(summary()?.textContent).toBe('Please check the highlighted field.');
    expect(screen.getByLabelText('Postal code').getAttribute('aria-invalid')).toBe('true');
    type('Postal code', '1209');
    expect(summary()).toBeNull();
    expect(screen.getByLabelText('Postal code').getAttribute('aria-invalid')).not.toBe('true');
    rerender(<AddressForm initial={{ ...filled, postal_code: '' }} fieldErrors={{ postal_code: 'must be a postal code' }} />);
    expect(summary()?.textContent).toBe('Please check the highlighted field.');
  });
});
