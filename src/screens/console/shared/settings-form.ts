import { useState, type FormEvent } from 'react';
import { t } from '@lingui/core/macro';
import type { SaveProblem } from './editor-fields';

/** A form's fields as its call takes them, or the problems by field (the provider's own names). */
export type FieldsRead<Fields> = { fields: Fields } | { problems: Record<string, string> };

/**
 * A settings form's state and its submit (the tips' and gift cards' settings): the form as typed, a
 * setter that clears "Saved", the last problem, whether it is saving or saved. Submitting reads the
 * fields (`fieldsOf`): problems are shown by field without calling; else `onSave` is called and its
 * refusal, if any, shown. `savedState`: "Saved" kept by the caller, so it outlives a form made new once
 * the saved settings are read again; else the form keeps it. `checkMessage`: the problem's message when
 * the fields are refused before calling ('' for a form that words its own, as the tiers' does). `update`
 * changes the form from what it was (a list's rows), and `setProblem` clears a problem a change answers.
 */
export function useSettingsForm<Form, Fields>(
  initial: () => Form,
  fieldsOf: (form: Form) => FieldsRead<Fields>,
  onSave: (fields: Fields) => Promise<SaveProblem | null>,
  savedState?: readonly [boolean, (saved: boolean) => void],
  checkMessage = t`Please check the highlighted fields.`,
) {
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const own = useState(false);
  const [saved, setSaved] = savedState ?? own;
  const update = (change: (old: Form) => Form) => {
    setForm(change);
    setSaved(false);
  };
  const set = <K extends keyof Form>(k: K, v: Form[K]) => update((f) => ({ ...f, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const read = fieldsOf(form);
    if ('problems' in read) return setProblem({ message: checkMessage, fields: read.problems });
    setSaving(true);
    const refused = await onSave(read.fields);
    setSaving(false);
    setProblem(refused);
    setSaved(!refused);
  };
  return { form, set, update, problem, setProblem, saving, saved, submit };
}
