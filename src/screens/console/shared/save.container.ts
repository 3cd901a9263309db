import { t } from '@lingui/core/macro';
import { useAction, type ActionOutcome } from '../../../shared/action';
import { fieldErrorsOf, messageOf } from '../../../shared/errors';
import type { SaveProblem } from './editor-fields';

/** What a refusal tells an editor's form: the provider's message and its field problems. */
export const problemOf = (err: unknown): SaveProblem => ({ message: messageOf(err), fields: fieldErrorsOf(err) });

/**
 * An editor's save as its form wants it: null when it was saved, else what to show. A run that did not
 * start (the same form's save is under way) is not a success.
 */
export function problemOfOutcome(outcome: ActionOutcome<unknown> | null): SaveProblem | null {
  if (!outcome) return { message: t`The last change is still being saved.`, fields: {} };
  return outcome.ok ? null : problemOf(outcome.error);
}

/** Runs an editor's save: null when it was saved, else the provider's message and field problems for the form. */
export async function saved(run: () => Promise<unknown>): Promise<SaveProblem | null> {
  try {
    await run();
    return null;
  } catch (err) {
    return problemOf(err);
  }
}

/**
 * One-click actions on a list's rows (mark sold out, change a role, remove), on the one action hook:
 * which row is busy, and the last action's error, which the screen shows above the list. Rows do not
 * wait for each other. `act` never throws; it answers whether the action was done.
 */
export function useRowActions<K>() {
  const action = useAction((_row: K, run: () => Promise<unknown>) => run(), { overlap: true });
  return {
    busy: action.running?.[0] ?? null,
    error: action.error ? messageOf(action.error) : null,
    /** the row the error is about */
    failed: action.failed?.[0] ?? null,
    act: async (row: K, run: () => Promise<unknown>) => (await action.run(row, run))?.ok === true,
    reset: action.reset,
  };
}
