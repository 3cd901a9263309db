// @vitest-environment jsdom
/**
 * A walk-through found the name could not be changed after sign-up. The profile's name now has Edit: a small
 * form that checks the name as the provider does, and gives the focus back to Edit when it closes, saved or
 * cancelled. The stories' play functions run here too, against the real screen.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { userEvent } from 'storybook/test';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileHomeScreen, type ProfileHomeScreenProps } from '../../../src/screens/profile/profile-home-screen';
import * as profileHome from '../../../stories/screens/profile/profile-home-screen.stories';
import { customer } from '../../../stories/fixtures/profile';

afterEach(cleanup);

// "Edit" and its hidden " name": jsdom's name computation drops the space a browser keeps ("Editname")
const EDIT = /^Edit\s?name$/;

function Profile({ onSave }: { onSave: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(customer.name);
  return (
    <ProfileHomeScreen
      customer={{ ...customer, name }}
      currency="PHP"
      locale="en-PH"
      name={{
        open,
        onOpenChange: setOpen,
        onSave: (next) => {
          onSave(next);
          setName(next);
          setOpen(false);
        },
      }}
    />
  );
}

describe('changing the name in the profile', () => {
  it('opens with the focus in the name, and Cancel gives the focus back to Edit', async () => {
    render(<Profile onSave={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: EDIT }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Your name' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: EDIT }));
  });

  it('saves the trimmed name with the keyboard alone; the heading says it and Edit has the focus again', async () => {
    const saved: string[] = [];
    render(<Profile onSave={(n) => saved.push(n)} />);
    screen.getByRole('button', { name: EDIT }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Your name' }));
    await userEvent.keyboard('  Ana Reyes {Enter}');
    expect(saved).toEqual(['Ana Reyes']);
    expect(screen.getByRole('heading', { level: 2, name: 'Ana Reyes' }).textContent).toBe('Ana Reyes');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: EDIT }));
  });

  for (const name of ['EditingName', 'NameRefused'] as const) {
    it(`${name}: its play function passes`, async () => {
      const story = profileHome[name];
      const args: Record<string, unknown> = { ...profileHome.default.args, ...(story.args as Record<string, unknown>) };
      const { container } = render(<ProfileHomeScreen {...(args as unknown as ProfileHomeScreenProps)} />);
      await story.play?.({ canvasElement: container, args } as never);
    });
  }
});
