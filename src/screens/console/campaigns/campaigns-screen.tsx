import { useId, useState, type FormEvent } from 'react';
import { plural, t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  CAMPAIGN_FACTS,
  PLACEHOLDER_WORDS,
  campaignUpdateBody,
  type CampaignData,
  type CampaignKind,
  type CampaignsConsoleData,
  type CampaignUpdateFields,
} from '#contract/campaigns';
import { Badge, Button, Card, ErrorState, GiftIcon, Notice, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { campaignHours, campaignSummary, previewOf, welcomeHoursNote } from './campaign-words';
import { FormActions, SelectField, Switch, TextAreaField, type SaveProblem } from '../shared/editor-fields';
import type { Language } from '#contract/languages';
import { TranslationsField, otherLanguages, wordsToSend } from '../shared/translations-field';
import type { ShopWords } from '#contract/translations';

export interface CampaignsScreenProps {
  data?: CampaignsConsoleData | undefined;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  /** owners change campaigns; staff read them */
  canEdit: boolean;
  /** one campaign: null when saved, else what the provider refused */
  onSave: (campaign: CampaignUpdateFields) => Promise<SaveProblem | null>;
  /** the campaign whose editor is open at first (stories) */
  initialEditing?: CampaignKind | null;
  /** the languages the owner writes the texts in besides the default (the offered ones but the default) */
  languages?: readonly Language[];
}

interface Form {
  enabled: boolean;
  title: string;
  body: string;
  reward: string;
  timing: string;
  /** the title and message in other languages */
  words: ShopWords;
}

const formOf = (c: CampaignData): Form => ({
  enabled: c.enabled,
  title: c.title,
  body: c.body,
  reward: c.reward ? String(c.reward.id) : '',
  timing: String(c.timing),
  words: c.translations,
});

/** The title and message in other languages, beside the originals, with the same placeholders. */
function CampaignTranslations({
  languages = otherLanguages(),
  form,
  problem,
  onChange,
}: {
  languages?: readonly Language[] | undefined;
  form: Form;
  problem: SaveProblem | null;
  onChange: (words: ShopWords) => void;
}) {
  const { t } = useLingui();
  return (
    <TranslationsField
      languages={languages}
      fields={[
        { key: 'title', label: t`Title`, max: 80, original: form.title },
        { key: 'body', label: t`Message`, max: 300, original: form.body, multiline: true },
      ]}
      value={form.words}
      onChange={onChange}
      problem={problem}
    />
  );
}

/** The form as the call's body, checked by the contract's schema: the campaign, or its problems by field. */
function checked(kind: CampaignKind, f: Form): { campaign: CampaignUpdateFields } | { problems: Record<string, string> } {
  const timing = f.timing.trim().replace(/,/g, '');
  const parsed = campaignUpdateBody.safeParse({
    kind,
    enabled: f.enabled,
    title: f.title,
    body: f.body,
    reward_id: f.reward ? Number(f.reward) : null,
    timing: /^\d+$/.test(timing) ? Number(timing) : timing === '' ? NaN : timing,
    translations: wordsToSend(f.words),
  });
  if (parsed.success) return { campaign: parsed.data };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return { problems };
}

const problemOn = (p: SaveProblem | null, field: string, label: string) => (p?.fields[field] ? `${label} ${p.fields[field]}.` : undefined);

/** The message as it shows in the customer's inbox (and a push), filled for a sample customer. */
export function CampaignPreview({
  kind,
  title,
  body,
  rewardTitle,
  locale,
}: {
  kind: CampaignKind;
  title: string;
  body: string;
  rewardTitle: string | null;
  locale: string;
}) {
  return <MessagePreview {...previewOf(kind, title, body, rewardTitle, locale)} />;
}

/** A message as Ana, the sample customer, sees it in her inbox: a campaign's or a broadcast's, its placeholders filled. */
export function MessagePreview({ title, body }: { title: string; body: string }) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Preview`} className="flex flex-col gap-2">
      <h4 className="font-medium">{t`What Ana sees`}</h4>
      <div className="flex items-start gap-3 rounded-2xl border border-brand-ink/40 bg-surface-raised p-3 shadow-sm">
        <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-brand-contrast">
          <GiftIcon size={20} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="font-bold break-words text-ink">{title || ' '}</span>
          <span className="text-sm break-words text-muted">{body}</span>
          <span className="text-xs text-muted">{t`Just now`}</span>
        </span>
      </div>
    </section>
  );
}

/** "1 to 72 hours." */
function timingHint(timing: { min: number; max: number; unit: string }, locale: string): string {
  const [min, max, unit] = [timing.min.toLocaleString(locale), timing.max.toLocaleString(locale), timing.unit];
  return say`${min} to ${max} ${unit}.`;
}

function CampaignEditor({
  campaign,
  rewards,
  canEdit,
  locale,
  onSave,
  onClose,
  languages,
}: {
  campaign: CampaignData;
  rewards: CampaignsConsoleData['rewards'];
  canEdit: boolean;
  locale: string;
  onSave: CampaignsScreenProps['onSave'];
  onClose: () => void;
  languages?: readonly Language[] | undefined;
}) {
  const { t } = useLingui();
  const [form, setForm] = useState(() => formOf(campaign));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const facts = CAMPAIGN_FACTS[campaign.kind];
  const campaignName = facts.name;
  const words = PLACEHOLDER_WORDS[campaign.kind];
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  // the campaign's own reward stays a choice after it is retired
  const choices = [...rewards, ...(campaign.reward ? [campaign.reward] : [])].filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i);
  const rewardTitle = form.reward ? (choices.find((r) => String(r.id) === form.reward)?.title ?? null) : null;
  const name = '{name}';
  const placeholders = [
    t`${name}: the customer’s first name`,
    `{points}: ${words.points}`,
    ...(words.reward && (campaign.kind === 'nearly_there' || form.reward) ? [`{reward}: ${words.reward}`] : []),
  ].join('; ');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const out = checked(campaign.kind, form);
    if ('problems' in out) return setProblem({ message: '', fields: out.problems });
    setSaving(true);
    const refused = await onSave(out.campaign);
    setSaving(false);
    setProblem(refused);
    if (!refused) onClose();
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t`${campaignName} campaign`} className="flex flex-col gap-4 border-t border-border pt-4">
      <Switch on={form.enabled} label={t`Campaign on`} disabled={!canEdit} onChange={(on) => set('enabled', on)} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <TextField
            label={t`Title`}
            maxLength={80}
            value={form.title}
            readOnly={!canEdit}
            onChange={(e) => set('title', e.target.value)}
            error={problemOn(problem, 'title', t`The title`)}
          />
          <TextAreaField
            label={t`Message`}
            maxLength={300}
            hint={t`Placeholders: ${placeholders}.`}
            value={form.body}
            readOnly={!canEdit}
            onChange={(e) => set('body', e.target.value)}
            error={problemOn(problem, 'body', t`The message`)}
          />
          {facts.reward && (
            <SelectField
              label={t`Reward`}
              hint={t`A voucher given with the message, without points.`}
              value={form.reward}
              disabled={!canEdit}
              onChange={(e) => set('reward', e.target.value)}
              error={problemOn(problem, 'reward_id', t`The reward`)}
            >
              <option value="">{t`No reward`}</option>
              {choices.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.title}
                </option>
              ))}
            </SelectField>
          )}
          {facts.timing && (
            <TextField
              label={`${facts.timing.label} (${facts.timing.unit})`}
              inputMode="numeric"
              hint={timingHint(facts.timing, locale)}
              value={form.timing}
              readOnly={!canEdit}
              onChange={(e) => set('timing', e.target.value)}
              error={problemOn(problem, 'timing', t`The timing`)}
            />
          )}
          {campaign.kind === 'birthday' && (
            <p className="text-sm text-muted">{t`Sent on the birthday. The birthday treat itself is set in Loyalty; this message gives nothing more.`}</p>
          )}
          {canEdit && <CampaignTranslations languages={languages} form={form} problem={problem} onChange={(w) => set('words', w)} />}
        </div>
        <CampaignPreview kind={campaign.kind} title={form.title} body={form.body} rewardTitle={rewardTitle} locale={locale} />
      </div>
      {canEdit ? (
        <div aria-live="polite" className="flex flex-col gap-2">
          {problem && !problem.message && Object.keys(problem.fields).length > 0 && <Notice tone="danger">{t`Please check the highlighted fields.`}</Notice>}
          <FormActions problem={problem} saving={saving} submitLabel={t`Save campaign`} onCancel={onClose} />
        </div>
      ) : (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t`Close`}
          </Button>
        </div>
      )}
    </form>
  );
}

function Stats({ c, locale }: { c: CampaignData; locale: string }) {
  const { t } = useLingui();
  const items: Array<[string, number]> = [
    [t`Sent`, c.stats.sent],
    [t`Opened`, c.stats.opened],
    [t`Orders within 7 days`, c.stats.orders],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {items.map(([label, n]) => (
        <div key={label} className="rounded-lg bg-surface p-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-lg font-semibold">{n.toLocaleString(locale)}</dd>
        </div>
      ))}
    </dl>
  );
}

function CampaignCard({
  c,
  data,
  canEdit,
  locale,
  editing,
  onEdit,
  onSave,
  languages,
}: {
  c: CampaignData;
  data: CampaignsConsoleData;
  canEdit: boolean;
  locale: string;
  editing: boolean;
  onEdit: (open: boolean) => void;
  onSave: CampaignsScreenProps['onSave'];
  languages?: readonly Language[] | undefined;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const name = CAMPAIGN_FACTS[c.kind].name;
  const reward = c.reward?.title;
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {name}
        </h3>
        <Badge tone={c.enabled ? 'success' : 'neutral'}>{c.enabled ? t`On` : t`Off`}</Badge>
      </div>
      <p>{campaignSummary(c, locale)}</p>
      {c.kind === 'welcome' && <p className="text-sm text-muted">{welcomeHoursNote(data.timezone, locale)}</p>}
      <p className="text-sm text-muted">“{c.title}”</p>
      {c.reward && !c.reward.active && (
        <Notice tone="warning">{t`Its reward, ${reward}, is retired: the campaign sends nothing until you choose another.`}</Notice>
      )}
      <Stats c={c} locale={locale} />
      {editing ? (
        <CampaignEditor
          campaign={c}
          rewards={data.rewards}
          canEdit={canEdit}
          locale={locale}
          onSave={onSave}
          onClose={() => onEdit(false)}
          languages={languages}
        />
      ) : (
        <div>
          <Button variant="secondary" size="sm" onClick={() => onEdit(true)} aria-label={canEdit ? t`Edit ${name}` : t`View ${name}`}>
            {canEdit ? t`Edit` : t`View`}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** /merchant/campaigns (staff read, owners change): the five automatic campaigns, each with its summary, stats and editor. */
export function CampaignsScreen({ data, loading, error, onRetry, locale, canEdit, onSave, initialEditing = null, languages }: CampaignsScreenProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<CampaignKind | null>(initialEditing);
  if (loading && !data)
    return (
      <SkeletonGroup label={t`Loading the campaigns`} className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <SkeletonText lines={3} />
          </Card>
        ))}
      </SkeletonGroup>
    );
  if (!data) return <ErrorState title={t`We could not load the campaigns`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  const allOff = data.campaigns.every((c) => !c.enabled);
  // "0 customers get them" read as nobody ever would: offers are opt-in (ticked at sign-up or in the profile)
  const count = data.subscribers.toLocaleString(locale);
  const reach =
    data.subscribers === 0
      ? t`none has yet: customers ask for them at sign-up or in their profile`
      : plural(data.subscribers, { one: `${count} customer gets them`, other: `${count} customers get them` });
  const [hours, zone] = [campaignHours(locale), data.timezone];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">
        {t`Messages the app sends by itself, in the customer’s inbox, by push where they allow it, and by e-mail to verified addresses. They go out ${hours} (${zone}), only to customers who asked for offers (${reach}).`}
      </p>
      {!canEdit && <Notice tone="info">{t`Only an owner can change the campaigns.`}</Notice>}
      {allOff && (
        <Notice tone="info">{canEdit ? t`All campaigns are off. Edit one and turn it on to start reaching customers.` : t`All campaigns are off.`}</Notice>
      )}
      <ul className="flex flex-col gap-3" aria-label={t`Campaigns`}>
        {data.campaigns.map((c) => (
          <CampaignCard
            key={c.kind}
            c={c}
            data={data}
            canEdit={canEdit}
            locale={locale}
            editing={editing === c.kind}
            onEdit={(open) => setEditing(open ? c.kind : null)}
            onSave={onSave}
            languages={languages}
          />
        ))}
      </ul>
    </div>
  );
}
