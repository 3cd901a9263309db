import { useId, useState, type FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { API_KEY_ROTATION_OVERLAP_HOURS, API_KEY_SCOPES, API_REFERENCE_PATH, type ApiKeyScope } from '#contract/api-key-rules';
import type { ApiKey, LegacyKey } from '#contract/api-keys';
import { Badge, Button, Card, Dialog, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { cx, focusRing } from '../../../ui/lib/cx';
import { formatDateTime } from '../../../ui/lib/dates';
import { CheckField, type SaveProblem } from '../shared/editor-fields';
import { spoken } from '../shared/spoken';

/** What each scope lets a key do: the contract's API_KEY_SCOPE_LABELS (the provider's words), in the language spoken. */
const SCOPE_LABEL = spoken<ApiKeyScope>({
  'menu:write': msg`Change products: price, stock and whether they are available`,
  'orders:write': msg`Move orders on: an order's status, up to cancelling it`,
  'points:earn': msg`Give members points for what they buy at a till`,
});

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
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onDone()}
      title={t`The key for ${name}`}
      description={t`Copy it now and keep it somewhere safe, such as your till's settings. We keep only a fingerprint of it, so it will not be shown again.`}
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
              {copied ? t`Copied` : t`Copy key`}
            </Button>
          )}
          <Button onClick={onDone}>
            <Trans>Done</Trans>
          </Button>
        </>
      }
    >
      <TextField label={t`API key`} readOnly value={secret} onFocus={(e) => e.currentTarget.select()} className="font-mono" />
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
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const legendId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields: Record<string, string> = {};
    if (!name.trim()) fields.name = t`Give the key a name, such as Front till.`;
    if (scopes.length === 0) fields.scopes = t`Choose at least one thing the key may do.`;
    if (Object.keys(fields).length) return setProblem({ message: t`Please check the highlighted fields.`, fields });
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
      title={t`Create an API key`}
      description={t`A key lets another system, such as a till, make the calls you choose. Give each system its own key.`}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <TextField
          label={t`Name`}
          hint={t`What uses it, such as Front till.`}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          error={problem?.fields.name}
        />
        <fieldset aria-labelledby={legendId} className="m-0 flex flex-col gap-2 border-0 p-0">
          <legend id={legendId} className="mb-1 text-sm font-medium text-ink">
            <Trans>What it may do</Trans>
          </legend>
          {API_KEY_SCOPES.map((s) => (
            <CheckField
              key={s}
              label={SCOPE_LABEL[s]}
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
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            <Trans>Create key</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** One key: its name, scopes, first characters and use; rotate and revoke. */
function KeyRow({ apiKey, props, onSecret }: { apiKey: ApiKey; props: ApiKeysScreenProps; onSecret: (secret: string, name: string) => void }) {
  const { t } = useLingui();
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
  const name = apiKey.name;
  const created = at(apiKey.created_at);
  const used = apiKey.last_used_at ? at(apiKey.last_used_at) : null;
  const revokedAt = apiKey.revoked_at ? at(apiKey.revoked_at) : null;
  const until = apiKey.previous_until ? at(apiKey.previous_until) : null;
  // "Created … · Last used … · Revoked …"
  const history = [t`Created ${created}`, used ? t`Last used ${used}` : t`Never used`, ...(revokedAt ? [t`Revoked ${revokedAt}`] : [])];
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold break-words">
          {apiKey.name}
        </h3>
        <Badge tone={revoked ? 'neutral' : 'success'}>{revoked ? t`Revoked` : t`Works`}</Badge>
      </div>
      <p>
        <span className="rounded bg-surface px-1.5 py-0.5 font-mono">{apiKey.shown}…</span>
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {apiKey.scopes.map((s) => (
          <li key={s}>{SCOPE_LABEL[s]}</li>
        ))}
      </ul>
      <p className="text-sm text-muted">{history.join(' · ')}</p>
      {!revoked && apiKey.previous_until && Date.parse(apiKey.previous_until) > Date.now() && (
        <p className="text-sm">
          <Trans>The key before its new one still works until {until}.</Trans>
        </p>
      )}
      {!revoked && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setConfirm('rotate')}>
            <Trans>New key</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setConfirm('revoke')}>
            <Trans>Revoke</Trans>
          </Button>
        </div>
      )}
      <Dialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === 'rotate' ? t`A new key for ${name}?` : t`Revoke ${name}?`}
        description={
          confirm === 'rotate'
            ? t`You get a new key to give ${name}. The one it has now keeps working for ${API_KEY_ROTATION_OVERLAP_HOURS} hours, then stops.`
            : t`It stops working at once, for good. Whatever uses it will be refused until it has another key.`
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant={confirm === 'revoke' ? 'danger' : 'primary'} loading={busy} onClick={() => void run()}>
              {confirm === 'rotate' ? t`Make a new key` : t`Revoke key`}
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
  const { t } = useLingui();
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
  const offAt = legacy.turned_off_at ? at(legacy.turned_off_at) : null;
  const used = legacy.last_used_at ? at(legacy.last_used_at) : null;
  return (
    <Card className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <Trans>The server's merchant key</Trans>
        </h2>
        <Badge tone={legacy.on ? 'warning' : 'neutral'}>{legacy.on ? t`On, with every permission` : t`Off`}</Badge>
      </div>
      <p>
        {legacy.on
          ? t`The key set on the server (MERCHANT_API_KEY) may make every call. Once your systems use keys of their own, turn it off.`
          : offAt
            ? t`Turned off ${offAt}. Systems need a key from this page.`
            : t`Turned off. Systems need a key from this page.`}
      </p>
      <p className="text-sm text-muted">{used ? t`Last used ${used}` : t`Never used`}</p>
      {legacy.on && (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            <Trans>Turn it off</Trans>
          </Button>
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Turn off the server's merchant key?`}
        description={t`Whatever still uses it is refused at once. This cannot be undone here: only a new key set on the server works again.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              <Trans>Keep it on</Trans>
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void turnOff()}>
              <Trans>Turn it off</Trans>
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
  const { t } = useLingui();
  const { keys, legacyKey, loading, error, onRetry } = props;
  const initial = props.initialDialog ?? null;
  const [adding, setAdding] = useState(initial === 'new');
  const [secret, setSecret] = useState<{ secret: string; name: string } | null>(initial && initial !== 'new' ? initial : null);
  if (loading && !keys)
    return (
      <SkeletonGroup label={t`Loading the API keys`} className="flex flex-col gap-3">
        <SkeletonText lines={3} />
        <SkeletonText lines={3} />
      </SkeletonGroup>
    );
  if (error && !keys) return <ErrorState title={t`We could not load the API keys`} message={error} {...(onRetry ? { onRetry } : {})} />;
  const list = keys ?? [];
  const live = list.filter((k) => k.revoked_at === null);
  const revoked = list.filter((k) => k.revoked_at !== null);
  const shown = (s: string, name: string) => setSecret({ secret: s, name });
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Trans>
          Give each system that works with your shop, such as a till, a key of its own with only what it needs. Every call a key makes is in Activity.
        </Trans>
      </p>
      <p className="text-sm">
        <Trans>
          For the people who connect them: every call, its fields and its answers are in the{' '}
          <a className={cx('font-semibold text-brand underline', focusRing)} href={API_REFERENCE_PATH}>
            API reference
          </a>
          .
        </Trans>
      </p>
      <div>
        <Button onClick={() => setAdding(true)}>
          <Trans>Create an API key</Trans>
        </Button>
      </div>
      {live.length === 0 ? (
        <EmptyState title={t`No API keys yet`} description={t`Create one for each system that needs to reach your shop.`} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`API keys`}>
          {live.map((k) => (
            <KeyRow key={k.id} apiKey={k} props={props} onSecret={shown} />
          ))}
        </ul>
      )}
      {legacyKey && <LegacyKeyCard legacy={legacyKey} props={props} />}
      {revoked.length > 0 && (
        <section className="flex flex-col gap-3" aria-labelledby="revoked-keys">
          <h2 id="revoked-keys" className="text-lg font-semibold">
            <Trans>Revoked</Trans>
          </h2>
          <ul className="flex flex-col gap-3" aria-label={t`Revoked API keys`}>
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
