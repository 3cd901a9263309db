// @vitest-environment jsdom
/**
 * A walk-through found that making an owner with a wrong password closed the dialog and said so above the
 * list, and that a role's select lost the keyboard's focus while its change was saved (it was disabled).
 * The dialog now stays open until the list shows the new owner, a refusal said in it; the select stays
 * focusable and ignores a change while one is saved.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { userEvent } from 'storybook/test';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMember, StaffRole } from '#contract/staff';
import { StaffScreen } from '../../../src/screens/console/staff/staff-screen';
import { OWNER, TEAM } from '../../../stories/fixtures/console';

afterEach(cleanup);

function Staff({ calls, answer }: { calls: unknown[][]; answer: (password: string) => 'wrong' | 'ok' }) {
  const [staff, setStaff] = useState<StaffMember[]>(TEAM);
  const [error, setError] = useState<string | null>(null);
  return (
    <StaffScreen
      staff={staff}
      meId={OWNER.id}
      invites={[]}
      onInvite={() => {}}
      onRevoke={() => {}}
      onRemove={() => {}}
      makeOwnerError={error}
      onMakeOwnerClose={() => setError(null)}
      onChangeRole={(id: number, role: StaffRole, password?: string) => {
        calls.push([id, role, password]);
        if (answer(password ?? '') === 'wrong') setError('That is not your password. Type it again.');
        else setStaff((list) => list.map((m) => (m.id === id ? { ...m, role } : m)));
      }}
    />
  );
}

describe('making an owner', () => {
  it('keeps the dialog open on a wrong password, says so in it, and closes once the list shows the owner', async () => {
    const calls: unknown[][] = [];
    render(<Staff calls={calls} answer={(p) => (p === 'right one' ? 'ok' : 'wrong')} />);
    await userEvent.selectOptions(screen.getByLabelText('Role of Ben Santos'), 'owner');
    const field = await screen.findByLabelText('Your password');
    await userEvent.type(field, 'wrong one{Enter}');
    expect(calls).toEqual([[2, 'owner', 'wrong one']]);
    expect(screen.getByRole('dialog', { name: 'Make Ben Santos an owner?' })).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('That is not your password. Type it again.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'right one{Enter}');
    expect(calls).toEqual([
      [2, 'owner', 'wrong one'],
      [2, 'owner', 'right one'],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Role of Ben Santos') as HTMLSelectElement).value).toBe('owner');
  });
});

describe("a role's select while its change is saved", () => {
  it('keeps the focus and ignores another change', () => {
    const calls: unknown[][] = [];
    const { rerender } = render(
      <StaffScreen staff={TEAM} meId={OWNER.id} invites={[]} onInvite={() => {}} onRevoke={() => {}} onRemove={() => {}} onChangeRole={(...a) => calls.push(a)} />,
    );
    const select = screen.getByLabelText('Role of Dan Lim') as HTMLSelectElement;
    select.focus();
    rerender(
      <StaffScreen
        staff={TEAM}
        meId={OWNER.id}
        invites={[]}
        onInvite={() => {}}
        onRevoke={() => {}}
        onRemove={() => {}}
        onChangeRole={(...a) => calls.push(a)}
        busyId={4}
      />,
    );
    expect(select.disabled).toBe(false);
    expect(select.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(select);
    act(() => void fireEvent.change(select, { target: { value: 'staff' } }));
    expect(calls).toEqual([]);
  });
});
