// @vitest-environment jsdom
/**
 * Finding 2 in the app: the profile says whether the address is verified and lets the customer ask for
 * a code and type it. The stories' play functions run here against the real screens (jsdom), so each
 * state the stories show does what its play function asserts, without a browser.
 */
import { cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, it } from 'vitest';
import * as changeEmail from '../../../stories/screens/profile/change-email-screen.stories';
import * as profileHome from '../../../stories/screens/profile/profile-home-screen.stories';

afterEach(cleanup);

interface StoryLike {
  args?: Record<string, unknown>;
  play?: (context: { canvasElement: HTMLElement; args: Record<string, unknown> }) => Promise<void>;
}

function playAll(file: Record<string, unknown> & { default: { component: ComponentType<never>; args?: Record<string, unknown> } }, names: string[]) {
  const { component: Component, args: metaArgs } = file.default;
  for (const name of names) {
    it(`${name}: its play function passes`, async () => {
      const story = file[name] as StoryLike;
      const args = { ...metaArgs, ...story.args };
      for (const v of Object.values(args)) (v as { mockClear?: () => void })?.mockClear?.();
      const Screen = Component as ComponentType<Record<string, unknown>>;
      const { container } = render(<Screen {...args} />);
      await story.play?.({ canvasElement: container, args });
    });
  }
}

describe('change e-mail: verification states', () => {
  playAll(changeEmail as never, [
    'Verified',
    'NotVerified',
    'CodeSent',
    'CodeSentResend',
    'WrongCode',
    'EmailUnavailable',
    'JustVerified',
    'SavedCodeSent',
    'InvalidEmail',
    'Submit',
  ]);
});

describe('profile home: the "Not verified" mark', () => {
  playAll(profileHome as never, ['EmailNotVerified', 'EmailVerified']);
});
