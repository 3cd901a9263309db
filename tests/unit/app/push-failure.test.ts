// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pushFailureText } from '../../../src/app/push';

const messageOf = () => 'The provider said no.';

describe('what a failure to turn on notifications says (issue 46)', () => {
  it("never shows the browser's own words: a push service's refusal reads as a plain line", () => {
    const raw = new DOMException('Registration failed - push service error', 'AbortError');
    expect(pushFailureText(raw, messageOf)).toBe("This browser couldn't turn on notifications. Try again in a moment, or check its notification settings.");
  });

  it("keeps the app's own explanation and the provider's message, and says nothing without a failure", () => {
    expect(pushFailureText(new Error('The app is still getting ready on this phone. Try again in a moment.'), messageOf)).toBe(
      'The app is still getting ready on this phone. Try again in a moment.',
    );
    expect(pushFailureText(Object.assign(new Error('x'), { status: 503 }), messageOf)).toBe('The provider said no.');
    expect(pushFailureText(null, messageOf)).toBeNull();
  });
});
