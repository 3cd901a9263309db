import { useState, type FormEvent } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ChannelsData, Connectable, ConnectInput, ConnectionData } from '#contract/channels';
import { Badge, Button, Card, Notice, TextField } from '../../../ui';
import { spoken } from '../shared/spoken';

export interface ChannelConnectionsProps {
  connections: ChannelsData['connections'];
  /** a time as the shop writes it (when a service was connected) */
  formatTime: (iso: string) => string;
  onConnect: (input: ConnectInput) => void;
  onDisconnect: (service: Connectable) => void;
  /** the service being tested and saved, or disconnected */
  busy?: Connectable | null;
  /** why a service was not connected (its test failed, in the service's words), by service */
  errors?: Partial<Record<Connectable, string>>;
  /** the provider's word on each field, by service */
  fieldErrors?: Partial<Record<Connectable, Record<string, string>>>;
}

interface FieldSpec {
  name: string;
  label: string;
  hint: string;
  secret?: boolean;
  placeholder: string;
}

/** Each service's words, made when shown (in the language spoken then). */
const services = (): Record<Connectable, { title: string; what: string; fields: FieldSpec[] }> => ({
  stripe: {
    title: say`Stripe: card payments`,
    what: say`Customers pay on Stripe’s checkout page. From the Stripe Dashboard, Developers: an API secret key, and the signing secret of the webhook endpoint shown above.`,
    fields: [
      {
        name: 'secret_key',
        label: say`Secret key`,
        hint: say`It starts with sk_live (sk_test to try it out; rk for a restricted key).`,
        secret: true,
        placeholder: 'sk_live_…',
      },
      {
        name: 'webhook_secret',
        label: say`Webhook signing secret`,
        hint: say`It starts with whsec: the webhook endpoint’s, in the Stripe Dashboard.`,
        secret: true,
        placeholder: 'whsec_…',
      },
    ],
  },
  twilio: {
    title: say`Twilio: text messages`,
    what: say`Sign-in codes go by text message. From the Twilio Console: the account’s SID and Auth Token, and a number of the account that can send text messages.`,
    fields: [
      { name: 'account_sid', label: say`Account SID`, hint: say`AC followed by 32 characters`, placeholder: 'AC…' },
      { name: 'auth_token', label: say`Auth Token`, hint: say`shown under the Account SID in the Twilio Console`, secret: true, placeholder: '' },
      { name: 'from', label: say`Sending number or Messaging Service SID`, hint: say`a number such as +14155550100, or MG…`, placeholder: '+14155550100' },
    ],
  },
  smtp: {
    title: say`E-mail server (SMTP)`,
    what: say`Address checks, staff invitations and password resets go by e-mail. Your e-mail provider gives the server’s address, a user name and a password.`,
    fields: [
      {
        name: 'url',
        label: say`SMTP URL`,
        hint: say`smtps:// (port 465) or smtp:// (port 587, STARTTLS), with the user name and password in it`,
        secret: true,
        placeholder: 'smtps://user:password@mail.example.com:465',
      },
      { name: 'from', label: say`From address`, hint: say`such as Kopi Senja <no-reply@kopisenja.id>`, placeholder: say`Shop name <no-reply@example.com>` },
    ],
  },
});

const SHORT = spoken<Connectable>({ stripe: msg`Stripe`, twilio: msg`Twilio`, smtp: msg`the e-mail server` });
const enterWords = (field: string) => say`Enter the ${field}.`;

function ConnectForm({
  service,
  busy,
  error,
  fieldErrors,
  onConnect,
  onCancel,
}: {
  service: Connectable;
  busy: boolean;
  error?: string | undefined;
  fieldErrors?: Record<string, string> | undefined;
  onConnect: (input: ConnectInput) => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useLingui();
  const spec = services()[service];
  const short = SHORT[service];
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<Record<string, string>>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    const empty = Object.fromEntries(spec.fields.filter((f) => !values[f.name]?.trim()).map((f) => [f.name, enterWords(f.label.toLowerCase())]));
    setMissing(empty);
    if (Object.keys(empty).length > 0) return;
    onConnect({ service, ...Object.fromEntries(spec.fields.map((f) => [f.name, values[f.name]!.trim()])) } as ConnectInput);
  }
  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3" aria-label={t`Connect ${short}`}>
      {spec.fields.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          hint={f.hint}
          name={f.name}
          type={f.secret ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          placeholder={f.placeholder}
          value={values[f.name] ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          error={missing[f.name] ?? fieldErrors?.[f.name]}
          disabled={busy}
        />
      ))}
      {error && (
        <Notice tone="danger" title={t`Not connected`}>
          {error}
        </Notice>
      )}
      <p className="text-sm text-muted">{t`We try it with a real call before saving it. It is kept encrypted and never shown again in full.`}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          {t`Test and connect ${short}`}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            {t`Keep the current settings`}
          </Button>
        )}
      </div>
    </form>
  );
}

function Connection({ service, connection, ...p }: { service: Connectable; connection: ConnectionData } & Omit<ChannelConnectionsProps, 'connections'>) {
  const { t } = useLingui();
  const spec = services()[service];
  const short = SHORT[service];
  const when = connection.connected_at ? p.formatTime(connection.connected_at) : '';
  const by = connection.connected_by;
  const [replacing, setReplacing] = useState(false);
  const busy = p.busy === service;
  const form = (onCancel?: () => void) => (
    <ConnectForm service={service} busy={busy} error={p.errors?.[service]} fieldErrors={p.fieldErrors?.[service]} onConnect={p.onConnect} onCancel={onCancel} />
  );
  return (
    <Card as="section" title={spec.title} headingLevel={3}>
      {connection.source === 'environment' ? (
        <>
          <p className="mt-2">
            <Badge tone="neutral">{t`Set by the server’s environment`}</Badge>
          </p>
          <p className="mt-2 text-sm">{t`The person who runs the server set these. They win over anything pasted here: change them on the server.`}</p>
        </>
      ) : connection.source === 'console' ? (
        <>
          <p className="mt-2">
            <Badge tone={connection.problem ? 'danger' : 'success'}>{connection.problem ? t`Needs connecting again` : t`Connected`}</Badge>
          </p>
          <p className="mt-2 text-sm">
            <code className="break-all">{connection.shown}</code>
          </p>
          {connection.connected_at && <p className="text-sm text-muted">{by ? t`Connected on ${when} by ${by}.` : t`Connected on ${when}.`}</p>}
          {connection.problem && (
            <Notice tone="danger" className="mt-2">
              {connection.problem}
            </Notice>
          )}
          {replacing ? (
            form(() => setReplacing(false))
          ) : (
            <>
              {p.errors?.[service] && (
                <Notice tone="danger" className="mt-2">
                  {p.errors[service]}
                </Notice>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                <Button type="button" variant="secondary" onClick={() => setReplacing(true)} disabled={busy} aria-label={t`Replace the ${short} settings`}>
                  {t`Replace`}
                </Button>
                <Button type="button" variant="secondary" onClick={() => p.onDisconnect(service)} loading={busy} aria-label={t`Disconnect ${short}`}>
                  {t`Disconnect`}
                </Button>
              </div>
            </>
          )}
        </>
      ) : (
        <>
          <p className="mt-2 text-sm">{spec.what}</p>
          {form()}
        </>
      )}
    </Card>
  );
}

/** The Payments and messages page's "Connect" part: each service as set by the environment, connected from here, or a form to connect it. */
export function ChannelConnections({ connections, ...props }: ChannelConnectionsProps) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="connect-services" className="flex flex-col gap-3">
      <h2 id="connect-services" className="text-lg font-semibold">
        {t`Connect your services`}
      </h2>
      <p className="text-sm text-muted">{t`Paste your keys here to go live: no restart, no technician. They take effect within seconds.`}</p>
      <div className="grid gap-4 lg:grid-cols-3">
        {(['stripe', 'twilio', 'smtp'] as const).map((service) => (
          <Connection key={service} service={service} connection={connections[service]} {...props} />
        ))}
      </div>
    </section>
  );
}
