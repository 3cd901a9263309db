import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Notice, TextField, fieldMessage } from '../../ui';
import { nameProblem } from '../auth/name-problem';

/** Changing the name the shop calls the customer by, from the profile. */
export interface ProfileNameProps {
  /** the form is showing (else the Edit button) */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onSave?: (name: string) => void;
  saving?: boolean;
  /** what the provider said about `name` ("must be at most 80 characters") */
  fieldError?: string;
  /** a failure that is not the field's */
  error?: string | null;
}

/** The button beside the name: "Edit" (its name says what: "Edit name"). Focus comes back to it when the form closes. */
export function EditNameButton({ open = false, onOpenChange, formId }: Pick<ProfileNameProps, 'open' | 'onOpenChange'> & { formId: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) ref.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (open) return null;
  return (
    <Button ref={ref} variant="secondary" size="sm" className="shrink-0" onClick={() => onOpenChange?.(true)} aria-expanded={false} aria-controls={formId}>
      <Trans>
        Edit<span className="sr-only"> name</span>
      </Trans>
    </Button>
  );
}

/** The name's small form: the name as saved, checked as the provider checks it, Save or Cancel. */
export function NameForm({ name, formId, onOpenChange, onSave, saving = false, fieldError, error }: ProfileNameProps & { name: string; formId: string }) {
  const { t } = useLingui();
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const wrong = nameProblem(value);
    setProblem(wrong);
    if (!wrong) onSave?.(value.trim());
  }

  return (
    <form id={formId} noValidate onSubmit={submit} aria-label={t`Your name`} className="flex flex-col gap-3">
      <TextField
        label={t`Your name`}
        name="name"
        autoComplete="name"
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={problem ?? fieldMessage(t`Name`, fieldError)}
        required
      />
      {error && <Notice tone="danger">{error}</Notice>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving}>
          {t`Save name`}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onOpenChange?.(false)} disabled={saving}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
