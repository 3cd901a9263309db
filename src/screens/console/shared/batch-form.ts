import { useState, type FormEvent } from 'react';
import type { SaveProblem } from './editor-fields';

/**
 * The form that makes a batch (an offer's single-use codes, printed gift card numbers): submitting reads
 * it (`read`: the batch, or its problems by field, shown without calling), then `make` is called and its
 * refusal, if any, shown; `made` is how many were made by the last submit (null: none yet, or it failed).
 */
export function useBatchForm<Batch extends { count: number }>(
  read: () => Batch | SaveProblem,
  make: (batch: Batch) => Promise<SaveProblem | null>,
  onMade?: () => void,
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [made, setMade] = useState<number | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMade(null);
    const batch = read();
    if ('fields' in batch) return setProblem(batch);
    setBusy(true);
    const refused = await make(batch);
    setBusy(false);
    setProblem(refused);
    if (!refused) {
      setMade(batch.count);
      onMade?.();
    }
  };
  return { busy, problem, made, submit };
}
