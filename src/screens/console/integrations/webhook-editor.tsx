import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WebhookEndpoint, WebhookEventInfo, WebhookEventType, WebhookFields } from '#contract/webhooks';
import { Button, Dialog, Notice, TextField } from '../../../ui';
import { CheckField, FormActions, TextAreaField, fieldProblem, type SaveProblem } from '../shared/editor-fields';

/** The endpoint form: its address, what it is for, and the events it wants. */
export function WebhookEditor({
  endpoint,
  events,
  onSave,
  onDone,
}: {
  /** null: a new endpoint */
  endpoint: WebhookEndpoint | null;
  events: readonly WebhookEventInfo[];
  /** null when saved, else what the provider refused */
  onSave: (fields: WebhookFields) => Promise<SaveProblem | null>;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [chosen, setChosen] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const refused = await onSave({ url: url.trim(), description: description.trim(), events: chosen, enabled: endpoint?.enabled ?? true });
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone();
  };
  const toggle = (type: WebhookEventType, on: boolean) => setChosen((c) => (on ? [...c, type] : c.filter((t) => t !== type)));
  const eventsProblem = fieldProblem(problem, 'events', t`Events:`);
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={t`Address`}
        hint={t`Where your other system listens, such as https://till.example.com/hooks. It must be https.`}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={fieldProblem(problem, 'url', t`The address`)}
        required
      />
      <TextAreaField
        label={t`What it is for (optional)`}
        value={description}
        maxLength={200}
        onChange={(e) => setDescription(e.target.value)}
        error={fieldProblem(problem, 'description', t`The description`)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">
          <Trans>Events to send</Trans>
        </legend>
        {events.map((ev) => (
          <CheckField key={ev.type} label={ev.label} hint={ev.description} checked={chosen.includes(ev.type)} onChange={(on) => toggle(ev.type, on)} />
        ))}
        {eventsProblem && <Notice tone="danger">{eventsProblem}</Notice>}
      </fieldset>
      <FormActions problem={problem} saving={saving} submitLabel={endpoint ? t`Save endpoint` : t`Add endpoint`} onCancel={onDone} />
    </form>
  );
}

/** The secret, shown once after it is made: copy it now, it is never shown again. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Copy the signing secret`}
      description={t`Your system checks each webhook's signature with it. It is shown this once: copy it now and keep it somewhere safe.`}
      footer={
        <Button onClick={onClose}>
          <Trans>I have copied it</Trans>
        </Button>
      }
    >
      <TextField label={t`Signing secret`} readOnly value={secret ?? ''} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
    </Dialog>
  );
}

/** A question asked once more before a change that cannot be undone (remove, rotate). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirm,
  busy,
  problem,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: string;
  confirm: string;
  busy: boolean;
  problem: SaveProblem | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </>
      }
    >
      {problem && <Notice tone="danger">{problem.message}</Notice>}
    </Dialog>
  );
}
