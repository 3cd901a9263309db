import { useId, useState, type FormEvent } from 'react';
import { plural, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BROADCAST_LIMITS, broadcastBody, fillPlaceholders, type BroadcastData, type BroadcastFields, type BroadcastsData } from '#contract/campaigns';
import { Badge, Button, Card, Dialog, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { SelectField, TextAreaField, type SaveProblem } from '../shared/editor-fields';
import type { Language } from '#contract/languages';
import type { ShopWords } from '#contract/translations';
import { TranslationsField, wordsToSend } from '../shared/translations-field';
import { MessagePreview } from './campaigns-screen';

export interface BroadcastPanelProps {
  data?: BroadcastsData | undefined;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  timeZone: string;
  /** owners send; staff read what was sent */
  canSend: boolean;
  /** how many customers the chosen audience is now: undefined while it is counted */
  audience: number | undefined;
  /** the count could not be made (the tier is gone, the network) */
  audienceError?: string | null;
  /** the audience chosen changed: count it (null: every customer who takes offers) */
  onTierChange: (tier: number | null) => void;
  /** sends: null when it is on its way, else what the provider refused */
  onSend: (broadcast: BroadcastFields) => Promise<SaveProblem | null>;
  /** a key for one message: the same for every try of it, so a double click or a retry sends it once */
  newKey?: () => string;
  /** the confirmation open at first (stories) */
  initialConfirm?: boolean;
  /** what the form holds at first (stories) */
  initialForm?: Partial<Form>;
  /** the languages the owner may write the message in besides the default (the offered ones but the default); none: no Translations */
  languages?: readonly Language[];
}

interface Form {
  title: string;
  body: string;
  tier: string;
  reward: string;
  /** the title and message in other languages */
  words: ShopWords;
}

const EMPTY: Form = { title: '', body: '', tier: '', reward: '', words: {} };
/** "1 customer", "1,200 customers". */
const people = (n: number, locale: string) => {
  const count = n.toLocaleString(locale);
  return plural(n, { one: `${count} customer`, other: `${count} customers` });
};
const problemOn = (p: SaveProblem | null, field: string, label: string) => (p?.fields[field] ? `${label} ${p.fields[field]}.` : undefined);

/** The form as the call's body, checked by the contract's schema: the broadcast, or its problems by field. */
function checked(f: Form, key: string): { broadcast: BroadcastFields } | { problems: Record<string, string> } {
  const parsed = broadcastBody.safeParse({
    title: f.title,
    body: f.body,
    tier: f.tier === '' ? null : Number(f.tier),
    reward_id: f.reward ? Number(f.reward) : null,
    translations: wordsToSend(f.words),
    idempotency_key: key,
  });
  if (parsed.success) return { broadcast: parsed.data };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return { problems };
}

/** One past broadcast: what, when, to whom, and how far it got. */
function PastBroadcast({ b, locale, timeZone }: { b: BroadcastData; locale: string; timeZone: string }) {
  const { t } = useLingui();
  const headingId = useId();
  const [tier, reward, by] = [b.tier, b.reward, b.sent_by];
  const who = tier ? t`${tier} tier` : t`Everyone who takes offers`;
  const to = reward ? t`${who}, with ${reward}` : who;
  // each value a text node of its own, as the words were before: the same text shaped the same, so the same screenshot
  const node = (text: string) => <>{text}</>;
  const [date, sender, whom] = [node(formatDateTime(b.created_at, locale, timeZone)), node(by ?? ''), node(to)];
  const [sent, audience, opened] = [node(b.sent.toLocaleString(locale)), node(people(b.audience, locale)), node(b.opened.toLocaleString(locale))];
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-1 border-t border-border pt-3 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold break-words">
          {b.title}
        </h4>
        <Badge tone={b.status === 'sent' ? 'success' : 'brand'}>{b.status === 'sent' ? t`Sent` : t`Sending`}</Badge>
      </div>
      <p className="text-sm text-muted">
        {by ? (
          <Trans>
            {date} by {sender} · {whom}
          </Trans>
        ) : (
          <Trans>
            {date} · {whom}
          </Trans>
        )}
      </p>
      <p className="text-sm">
        <Trans>
          Reached {sent} of {audience} · opened by {opened}
        </Trans>
      </p>
    </li>
  );
}

type ComposerProps = Pick<
  BroadcastPanelProps,
  'locale' | 'audience' | 'audienceError' | 'onTierChange' | 'onSend' | 'initialConfirm' | 'initialForm' | 'languages'
> & {
  data: BroadcastsData;
  newKey: () => string;
  /** it went: to this many customers (null: not counted) */
  onSent: (audience: number | null) => void;
};

/** Who it reaches, counted as the audience changes. */
function Reach({
  audience,
  audienceError,
  everyone,
  locale,
}: {
  audience: number | undefined;
  audienceError: string | null;
  everyone: boolean;
  locale: string;
}) {
  const { t } = useLingui();
  if (audienceError !== null) return <Notice tone="danger">{audienceError}</Notice>;
  if (audience === undefined)
    return (
      <p className="text-sm text-muted" role="status">
        {t`Counting who it reaches…`}
      </p>
    );
  const who = people(audience, locale);
  return (
    <p className="text-sm" role="status">
      {everyone ? (
        <Trans>
          It reaches <strong>{who}</strong>: everyone who asked for offers.
        </Trans>
      ) : (
        <Trans>
          It reaches <strong>{who}</strong>: those of this tier who asked for offers.
        </Trans>
      )}
    </p>
  );
}

/** Who it reaches (a tier, when tiers are on) and the reward given with it. */
function WhoAndReward({
  data,
  form,
  problem,
  onTier,
  onReward,
}: {
  data: BroadcastsData;
  form: Form;
  problem: SaveProblem | null;
  onTier: (tier: string) => void;
  onReward: (reward: string) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {data.tiers.length > 0 && (
        <SelectField label={t`Who`} value={form.tier} onChange={(e) => onTier(e.target.value)} error={problemOn(problem, 'tier', t`The tier`)}>
          <option value="">{t`Everyone who takes offers`}</option>
          {data.tiers.map(({ position, name }) => (
            <option key={position} value={String(position)}>
              {t`${name} tier only`}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label={t`Reward`}
        hint={t`A voucher given with the message, without points.`}
        value={form.reward}
        onChange={(e) => onReward(e.target.value)}
        error={problemOn(problem, 'reward_id', t`The reward`)}
      >
        <option value="">{t`No reward`}</option>
        {data.rewards.map((r) => (
          <option key={r.id} value={String(r.id)}>
            {r.title}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** "Up to 300 characters. {name} is the customer’s first name." ({name} a value: ICU would read it as its own placeholder) */
function bodyHint(): string {
  const [max, placeholder] = [BROADCAST_LIMITS.body, '{name}'];
  return say`Up to ${max} characters. ${placeholder} is the customer’s first name.`;
}

/** "Send to 1,200 customers?" (the count not known yet: "Send this message?"). */
function confirmTitle(audience: number | undefined, locale: string): string {
  if (audience === undefined) return say`Send this message?`;
  const reached = people(audience, locale);
  return say`Send to ${reached}?`;
}

/** The new message: its fields and preview, who it reaches, then the confirmation before it goes. */
function Composer({
  data,
  locale,
  audience,
  audienceError = null,
  onTierChange,
  onSend,
  newKey,
  onSent,
  initialConfirm = false,
  initialForm,
  languages = [],
}: ComposerProps) {
  const { t } = useLingui();
  const [form, setForm] = useState<Form>({ ...EMPTY, ...initialForm });
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [confirm, setConfirm] = useState(initialConfirm);
  const [sending, setSending] = useState(false);
  // one key per message: kept across a refused or failed try, a new one once it went
  const [key, setKey] = useState(newKey);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const sample = { name: 'Ana', points: 0, reward: null };
  const shown = { title: fillPlaceholders(form.title, sample, locale), body: fillPlaceholders(form.body, sample, locale) };

  function review(e: FormEvent) {
    e.preventDefault();
    const out = checked(form, key);
    if ('problems' in out) return setProblem({ message: '', fields: out.problems });
    setProblem(null);
    setConfirm(true);
  }

  async function send() {
    const out = checked(form, key);
    if ('problems' in out) return;
    setSending(true);
    const refused = await onSend(out.broadcast);
    setSending(false);
    setConfirm(false);
    setProblem(refused);
    if (refused) return;
    onSent(audience ?? null);
    setForm(EMPTY);
    setKey(newKey());
    onTierChange(null);
  }

  return (
    <form noValidate onSubmit={review} aria-label={t`New message`} className="flex flex-col gap-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <TextField
            label={t`Title`}
            maxLength={BROADCAST_LIMITS.title}
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            error={problemOn(problem, 'title', t`The title`)}
          />
          <TextAreaField
            label={t`Message`}
            maxLength={BROADCAST_LIMITS.body}
            hint={bodyHint()}
            value={form.body}
            onChange={(e) => set('body', e.target.value)}
            error={problemOn(problem, 'body', t`The message`)}
          />
          <TranslationsField
            languages={languages}
            fields={[
              { key: 'title', label: t`Title`, max: BROADCAST_LIMITS.title, original: form.title },
              { key: 'body', label: t`Message`, max: BROADCAST_LIMITS.body, original: form.body, multiline: true },
            ]}
            value={form.words}
            onChange={(w) => set('words', w)}
            problem={problem}
          />
          <WhoAndReward
            data={data}
            form={form}
            problem={problem}
            onTier={(tier) => {
              set('tier', tier);
              onTierChange(tier === '' ? null : Number(tier));
            }}
            onReward={(reward) => set('reward', reward)}
          />
        </div>
        <MessagePreview {...shown} />
      </div>
      <div aria-live="polite" className="flex flex-col gap-2">
        <Reach audience={audience} audienceError={audienceError} everyone={form.tier === ''} locale={locale} />
        {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
        {problem && !problem.message && Object.keys(problem.fields).length > 0 && <Notice tone="danger">{t`Please check the highlighted fields.`}</Notice>}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={audience === 0}>
          {t`Review and send`}
        </Button>
      </div>
      <Dialog
        open={confirm}
        onOpenChange={(open) => !open && !sending && setConfirm(false)}
        title={confirmTitle(audience, locale)}
        description={t`They get it now, in the app and by push or e-mail where they allow it. A message sent cannot be taken back.`}
        footer={
          <div className="flex justify-end gap-2">
            <Button variant="secondary" disabled={sending} onClick={() => setConfirm(false)}>
              {t`Keep editing`}
            </Button>
            <Button loading={sending} onClick={() => void send()}>
              {t`Send now`}
            </Button>
          </div>
        }
      >
        <MessagePreview {...shown} />
      </Dialog>
    </form>
  );
}

/**
 * On the Campaigns page: a one-off message an owner sends now (a title, a text with {name}, one tier or
 * all, an optional reward), the count of who it reaches before it goes, a confirmation, and the past
 * broadcasts with how many each reached and how many opened it.
 */
export function BroadcastPanel({
  data,
  loading,
  error,
  onRetry,
  locale,
  timeZone,
  canSend,
  newKey = () => crypto.randomUUID(),
  ...composer
}: BroadcastPanelProps) {
  const { t } = useLingui();
  const [sent, setSent] = useState<number | null | undefined>(undefined);
  const sentTo = sent ? people(sent, locale) : null;
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className="text-lg font-semibold">
      {t`Send a message now`}
    </h2>
  );
  if (!data)
    return (
      <Card aria-labelledby={headingId} className="flex flex-col gap-3">
        {heading}
        {loading ? (
          <SkeletonGroup label={t`Loading the broadcasts`}>
            <SkeletonText lines={4} />
          </SkeletonGroup>
        ) : (
          <ErrorState title={t`We could not load the broadcasts`} message={error ?? t`Please try again.`} onRetry={onRetry} />
        )}
      </Card>
    );
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4">
      {heading}
      <p className="text-muted">
        {t`A one-off message, sent at once: in the customer’s inbox, by push where they allow offers, and by e-mail to verified addresses. Only customers who asked for offers get it.`}
      </p>
      {sent !== undefined && (
        <Notice tone="success">
          {sentTo
            ? t`Your message is on its way to ${sentTo}. The list below shows how far it got.`
            : t`Your message is on its way. The list below shows how far it got.`}
        </Notice>
      )}
      {canSend ? (
        <Composer data={data} locale={locale} newKey={newKey} onSent={setSent} {...composer} />
      ) : (
        <Notice tone="info">{t`Only an owner can send a message.`}</Notice>
      )}
      <section aria-label={t`Past broadcasts`} className="flex flex-col gap-3">
        <h3 className="font-semibold">{t`Sent before`}</h3>
        {data.broadcasts.length === 0 ? (
          <p className="text-sm text-muted">{t`No message sent yet.`}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t`Broadcasts`}>
            {data.broadcasts.map((b) => (
              <PastBroadcast key={b.id} b={b} locale={locale} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
