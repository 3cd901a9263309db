import { useId, useState, type FormEvent } from 'react';
import { API_KEY_ROTATION_OVERLAP_HOURS, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, API_REFERENCE_PATH, type ApiKeyScope } from '#contract/api-key-rules';
import type { ApiKey, LegacyKey } from '#contract/api-keys';
import { Badge, Button, Card, Dialog, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { cx, focusRing } from '../../../ui/lib/cx';
import { formatDateTime } from '../../../ui/lib/dates';
import { CheckField, type SaveProblem } from '../shared/editor-fields';

export interface ApiKeysScreenProps {
  keys?: ApiKey[] | undefined;
  legacyKey?: LegacyKey | undefined;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  timeZone: string;
  /** answers the new key's secret, else what the provider refused */
  onCreate: (name: string, scopes: ApiKeyScope[]) => Promise<{ secret: string } | SaveProblem>;
  onRotate: (id: number) => Promise<{ secret: string } | SaveProblem>;
  onRevoke: (id: number) => Promise<SaveProblem | null>;
  onLegacyOff: () => Promise<SaveProblem | null>;
  /** copies a secret (absent: no clipboard, the secret is selected to copy by hand) */
  onCopy?: (secret: string) => void;
  /** the dialog open at first (stories): a new key's, or a secret shown once */
  initialDialog?: 'new' | { secret: string; name: string } | null;
}

/** A key's secret, shown this once, to copy. */
function SecretShown({ secret, name, onCopy, onDone }: { secret: string; name: string; onCopy?: ((s: string) => void) | undefined; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onDone()}
      title={`The key for ${name}`}
      description="Copy it now and keep it somewhere safe, such as your till's settings. We keep only a fingerprint of it, so it will not be shown again."
      footer={
        <>
          {onCopy && (
            <Button
              variant="secondary"
              onClick={() => {
                onCopy(secret);
                setCopied(true);
              }}
            >
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
          <Button onClick={onDone}>Done</Button>
        </>
      }
    >
      <TextField label="API key" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} className="font-mono" />
    </Dialog>
  );
}

/** The new key's form: its name and what it may do. */
function NewKeyForm({
  onCreate,
  onClose,
  onMade,
}: {
  onCreate: ApiKeysScreenProps['onCreate'];
  onClose: () => void;
  onMade: (secret: string, name: string) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const legendId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields: Record<string, string> = {};
    if (!name.trim()) fields.name = 'Give the key a name, such as Front till.';
    if (scopes.length === 0) fields.scopes = 'Choose at least one thing the key may do.';
    if (Object.keys(fields).length) return setProblem({ message: 'Please check the highlighted fields.', fields });
    setBusy(true);
    const made = await onCreate(name.trim(), scopes);
    setBusy(false);
    if ('secret' in made) onMade(made.secret, name.trim());
    else setProblem(made);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create an API key"
      description="A key lets another system, such as a till, make the calls you choose. Give each system its own key."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <TextField
          label="Name"
          hint="What uses it, such as Front till."
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          error={problem?.fields.name}
        />
        <fieldset aria-labelledby={legendId} className="m-0 flex flex-col gap-2 border-0 p-0">
          <legend id={legendId} className="mb-1 text-sm font-medium text-ink">
            What it may do
          </legend>
          {API_KEY_SCOPES.map((s) => (
            <CheckField
              key={s}
              label={API_KEY_SCOPE_LABELS[s]}
              hint={s}
              checked={scopes.includes(s)}
              onChange={(on) => setScopes((now) => (on ? [...now, s] : now.filter((x) => x !== s)))}
            />
          ))}
          {problem?.fields.scopes && (
            <p role="alert" className="text-sm font-medium text-danger">
              {problem.fields.scopes}
            </p>
          )}
        </fieldset>
        {problem && <Notice tone="danger">{problem.message}</Notice>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Create key
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** One key: its name, scopes, first characters and use; rotate and revoke. */
function KeyRow({ apiKey, props, onSecret }: { apiKey: ApiKey; props: ApiKeysScreenProps; onSecret: (secret: string, name: string) => void }) {
  const headingId = useId();
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const at = (iso: string) => formatDateTime(iso, props.locale, props.timeZone);
  const run = async () => {
    setBusy(true);
    if (confirm === 'rotate') {
      const made = await props.onRotate(apiKey.id);
      setBusy(false);
      if ('secret' in made) {
        setConfirm(null);
        onSecret(made.secret, apiKey.name);
      } else setProblem(made);
      return;
    }
    const refused = await props.onRevoke(apiKey.id);
    setBusy(false);
    setProblem(refused);
    if (!refused) setConfirm(null);
  };
  const revoked = apiKey.revoked_at !== null;
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold break-words">
          {apiKey.name}
        </h3>
        <Badge tone={revoked ? 'neutral' : 'success'}>{revoked ? 'Revoked' : 'Works'}</Badge>
      </div>
      <p>
        <span className="rounded bg-surface px-1.5 py-0.5 font-mono">{apiKey.shown}…</span>
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {apiKey.scopes.map((s) => (
          <li key={s}>{API_KEY_SCOPE_LABELS[s]}</li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        Created {at(apiKey.created_at)} · {apiKey.last_used_at ? `Last used ${at(apiKey.last_used_at)}` : 'Never used'}
        {revoked ? ` · Revoked ${at(apiKey.revoked_at!)}` : ''}
      </p>
      {!revoked && apiKey.previous_until && Date.parse(apiKey.previous_until) > Date.now() && (
        <p className="text-sm">The key before its new one still works until {at(apiKey.previous_until)}.</p>
      )}
      {!revoked && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setConfirm('rotate')}>
            New key
          </Button>
          <Button variant="secondary" onClick={() => setConfirm('revoke')}>
            Revoke
          </Button>
        </div>
      )}
      <Dialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === 'rotate' ? `A new key for ${apiKey.name}?` : `Revoke ${apiKey.name}?`}
        description={
          confirm === 'rotate'
            ? `You get a new key to give ${apiKey.name}. The one it has now keeps working for ${API_KEY_ROTATION_OVERLAP_HOURS} hours, then stops.`
            : `It stops working at once, for good. Whatever uses it will be refused until it has another key.`
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button variant={confirm === 'revoke' ? 'danger' : 'primary'} loading={busy} onClick={() => void run()}>
              {confirm === 'rotate' ? 'Make a new key' : 'Revoke key'}
            </Button>
          </>
        }
      >
        {problem && <Notice tone="danger">{problem.message}</Notice>}
      </Dialog>
    </Card>
  );
}

/** The configuration's merchant key: on with every scope until an owner turns it off. */
function LegacyKeyCard({ legacy, props }: { legacy: LegacyKey; props: ApiKeysScreenProps }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const at = (iso: string) => formatDateTime(iso, props.locale, props.timeZone);
  const turnOff = async () => {
    setBusy(true);
    const refused = await props.onLegacyOff();
    setBusy(false);
    setProblem(refused);
    if (!refused) setConfirming(false);
  };
  return (
    <Card className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">The server's merchant key</h2>
        <Badge tone={legacy.on ? 'warning' : 'neutral'}>{legacy.on ? 'On, with every permission' : 'Off'}</Badge>
      </div>
      <p>
        {legacy.on
          ? 'The key set on the server (MERCHANT_API_KEY) may make every call. Once your systems use keys of their own, turn it off.'
          : `Turned off${legacy.turned_off_at ? ` ${at(legacy.turned_off_at)}` : ''}. Systems need a key from this page.`}
      </p>
      <p className="text-sm text-muted">{legacy.last_used_at ? `Last used ${at(legacy.last_used_at)}` : 'Never used'}</p>
      {legacy.on && (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Turn it off
          </Button>
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Turn off the server's merchant key?"
        description="Whatever still uses it is refused at once. This cannot be undone here: only a new key set on the server works again."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it on
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void turnOff()}>
              Turn it off
            </Button>
          </>
        }
      >
        {problem && <Notice tone="danger">{problem.message}</Notice>}
      </Dialog>
    </Card>
  );
}

/**
 * /merchant/api-keys (owners): the keys other systems (a till, a stock sync) use for the merchant calls,
 * each with what it may do; a new key shown once; a new secret for a key (the old one works a while);
 * revoking; and the server's merchant key, on until an owner turns it off.
 */
export function ApiKeysScreen(props: ApiKeysScreenProps) {
  const { keys, legacyKey, loading, error, onRetry } = props;
  const initial = props.initialDialog ?? null;
  const [adding, setAdding] = useState(initial === 'new');
  const [secret, setSecret] = useState<{ secret: string; name: string } | null>(initial && initial !== 'new' ? initial : null);
  if (loading && !keys)
    return (
      <SkeletonGroup label="Loading the API keys" className="flex flex-col gap-3">
        <SkeletonText lines={3} />
        <SkeletonText lines={3} />
      </SkeletonGroup>
    );
  if (error && !keys) return <ErrorState title="We could not load the API keys" message={error} {...(onRetry ? { onRetry } : {})} />;
  const list = keys ?? [];
  const live = list.filter((k) => k.revoked_at === null);
  const revoked = list.filter((k) => k.revoked_at !== null);
  const shown = (s: string, name: string) => setSecret({ secret: s, name });
  return (
    <div className="flex flex-col gap-4">
      <p>Give each system that works with your shop, such as a till, a key of its own with only what it needs. Every call a key makes is in Activity.</p>
      <p className="text-sm">
        For the people who connect them: every call, its fields and its answers are in the{' '}
        <a className={cx('font-semibold text-brand underline', focusRing)} href={API_REFERENCE_PATH}>
          API reference
        </a>
        .
      </p>
      <div>
        <Button onClick={() => setAdding(true)}>Create an API key</Button>
      </div>
      {live.length === 0 ? (
        <EmptyState title="No API keys yet" description="Create one for each system that needs to reach your shop." />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="API keys">
          {live.map((k) => (
            <KeyRow key={k.id} apiKey={k} props={props} onSecret={shown} />
          ))}
        </ul>
      )}
      {legacyKey && <LegacyKeyCard legacy={legacyKey} props={props} />}
      {revoked.length > 0 && (
        <section className="flex flex-col gap-3" aria-labelledby="revoked-keys">
          <h2 id="revoked-keys" className="text-lg font-semibold">
            Revoked
          </h2>
          <ul className="flex flex-col gap-3" aria-label="Revoked API keys">
            {revoked.map((k) => (
              <KeyRow key={k.id} apiKey={k} props={props} onSecret={shown} />
            ))}
          </ul>
        </section>
      )}
      {adding && (
        <NewKeyForm
          onCreate={props.onCreate}
          onClose={() => setAdding(false)}
          onMade={(s, name) => {
            setAdding(false);
            shown(s, name);
          }}
        />
      )}
      {secret && <SecretShown secret={secret.secret} name={secret.name} onCopy={props.onCopy} onDone={() => setSecret(null)} />}
    </div>
  );
}
