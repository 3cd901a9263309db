// @vitest-environment jsdom
/**
 * The code boxes are disabled while a code is checked, which takes the focus away (a disabled box cannot
 * hold it). A wrong code then leaves the customer nowhere: the boxes give the focus back when they open
 * again, so the code can be retyped at once, without a tap.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OtpInput } from '../../../src/ui/otp-input/otp-input';

afterEach(cleanup);

const boxes = () => screen.getAllByRole('textbox');

describe('the code boxes after a check', () => {
  it('take the focus back when they open again after a wrong code', () => {
    const { rerender } = render(<OtpInput label="6-digit code" autoFocus />);
    expect(document.activeElement).toBe(boxes()[0]);
    boxes()[0]!.blur(); // what the browser does to a box being disabled
    rerender(<OtpInput label="6-digit code" autoFocus disabled />);
    expect(document.activeElement).toBe(document.body);
    rerender(<OtpInput label="6-digit code" autoFocus error="That code isn't right." />);
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('leave the focus where the customer put it meanwhile', () => {
    const { rerender } = render(
      <>
        <OtpInput label="6-digit code" autoFocus disabled />
        <button type="button">Change number</button>
      </>,
    );
    screen.getByRole('button', { name: 'Change number' }).focus();
    rerender(
      <>
        <OtpInput label="6-digit code" autoFocus />
        <button type="button">Change number</button>
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change number' }));
  });
});
