import { useState } from 'react';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import type { SaveProblem } from './editor-fields';

/** Runs an editor's save: null when it was saved, else the provider's message and field problems for the form. */
export async function saved(run: () => Promise<unknown>): Promise<SaveProblem | null> {
  try {
    await run();
    return null;
  } catch (err) {
    return { message: messageOf(err), fields: fieldErrorsOf(err) };
  }
}

/**
 * One-click actions on a list's rows (mark sold out, change a role, remove): which row is busy, and
 * the last action's error, which the screen shows above the list. `act` never throws.
 */
export function useRowActions<K>() {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function act(key: K, run: () => Promise<unknown>): Promise<void> {
    setBusy(key);
    setError(null);
    try {
      await run();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  }
  return { busy, error, act };
}
