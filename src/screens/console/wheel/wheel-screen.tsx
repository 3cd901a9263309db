import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { msg, plural, t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { EditorReward } from '#contract/rewards';
import { MAX_FREE_SPINS, type WheelConfig, type WheelVersion } from '#contract/wheel';
import { publishedOdds } from '#contract/wheel-odds';
import { Badge, Button, Card, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, Wheel, cx, focusRing } from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { SelectField, fieldProblem, type SaveProblem } from '../shared/editor-fields';
import { spoken } from '../shared/spoken';
import { numberFormat } from '#contract/intl';

type PrizeType = 'points' | 'voucher' | 'none';

/** A segment as the owner edits it: the numbers as typed. */
export interface SegmentDraft {
  key: number;
  label: string;
  prize_type: PrizeType;
  points: string;
  reward: string;
  weight: string;
  color: string;
}

export interface WheelEditorScreenProps {
  current?: WheelVersion;
  versions?: WheelVersion[];
  /** the rewards a voucher prize can give (active ones) */
  rewards?: Pick<EditorReward, 'name' | 'title' | 'active'>[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  timeZone?: string | undefined;
  /** answers null when published, else what the provider refused (fields such as `segments.2.reward`) */
  onPublish: (config: WheelConfig) => Promise<SaveProblem | null>;
  /** the shop's brand and accent colours, which new segments are coloured from */
  brand?: { brand: string; accent: string };
}

/**
 * Segment colours from the shop's brand: the brand colour and the accent, each also lightened and
 * darkened, alternating so neighbours differ. Each slice's label is drawn in black or white, whichever
 * reads better on it (the Wheel does that).
 */
function brandPalette(brand: string, accent: string): string[] {
  const mix = (hex: string, to: number, t: number) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v + (to - v) * t));
    return `#${ch.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  };
  const ok = (c: string) => /^#[0-9a-f]{6}$/i.test(c);
  const b = ok(brand) ? brand.toLowerCase() : '#6b7280';
  const a = ok(accent) ? accent.toLowerCase() : mix(b, 255, 0.5);
  return [b, mix(a, 255, 0.55), a, mix(b, 255, 0.7), mix(b, 0, 0.35), mix(a, 255, 0.8), mix(a, 0, 0.3), mix(b, 255, 0.4)];
}
const NEUTRAL = { brand: '#6b7280', accent: '#9ca3af' };
const PRIZE_LABEL = spoken<PrizeType>({ points: msg`Points`, voucher: msg`A reward voucher`, none: msg`Nothing` });

let nextKey = 1;
const draftOf = (v: WheelVersion, palette: string[]): SegmentDraft[] =>
  v.segments.map((s, i) => ({
    key: nextKey++,
    label: s.label,
    prize_type: s.prize_type,
    points: s.points === null ? '' : String(s.points),
    reward: s.reward?.name ?? '',
    weight: String(s.weight),
    color: s.color ?? palette[i % palette.length]!,
  }));

/** A field's visible label, with the segment's number for screen readers (the card shows it once, above). */
const named = (n: number, text: string): ReactNode => (
  <>
    <span className="sr-only">{say`Segment ${n}:`} </span>
    {text}
  </>
);

const positiveWhole = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

/** "12.5%": a disclosed probability as customers read it (the wheel's own odds table rounds alike). */
const percent = (p: number, locale: string) => numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(p);

function prizeText(s: WheelVersion['segments'][number], locale: string) {
  if (s.prize_type === 'points') {
    const count = (s.points ?? 0).toLocaleString(locale);
    return plural(s.points ?? 0, { one: `${count} point`, other: `${count} points` });
  }
  const reward = s.reward?.title;
  if (s.prize_type === 'voucher') return reward !== undefined ? say`${reward} voucher` : say`A voucher`;
  return say`Nothing`;
}

/** What must change before the wheel can be published, keyed like the provider's field errors. */
function problemsOf(segments: SegmentDraft[], cost: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (segments.length === 0) fields.segments = say`must have at least one segment`;
  segments.forEach((s, i) => {
    if (!s.label.trim()) fields[`segments.${i}.label`] = say`is required`;
    if (/^\s*0+\s*$/.test(s.weight)) fields[`segments.${i}.weight`] = say`cannot be 0: a segment with no chance never comes up. Remove it instead`;
    else if (positiveWhole(s.weight) === null) fields[`segments.${i}.weight`] = say`must be a whole number of at least 1`;
    if (s.prize_type === 'points' && positiveWhole(s.points) === null) fields[`segments.${i}.points`] = say`must be a whole number of at least 1`;
    if (s.prize_type === 'voucher' && !s.reward) fields[`segments.${i}.reward`] = say`is required: choose a reward`;
  });
  if (!/^\d+$/.test(cost.trim())) fields.spin_cost_points = say`must be a whole number (0 for free)`;
  return fields;
}

/** One segment: its label, prize, weight (with the chance it makes) and colour. */
function SegmentCard({
  segment: s,
  index: i,
  problem,
  chance,
  rewards,
  locale,
  onEdit,
  onRemove,
}: {
  segment: SegmentDraft;
  index: number;
  problem: SaveProblem | null;
  chance: number | null;
  rewards: NonNullable<WheelEditorScreenProps['rewards']>;
  locale: string;
  onEdit: (change: Partial<SegmentDraft>) => void;
  onRemove: () => void;
}) {
  const n = i + 1;
  const { t } = useLingui();
  const f = (name: string, label: string) => fieldProblem(problem, `segments.${i}.${name}`, label);
  const chancePercent = chance === null ? '' : percent(chance, locale);
  return (
    <Card as="li" padding="sm" aria-labelledby={`segment-${s.key}`} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`segment-${s.key}`} className="flex items-center gap-2 font-semibold">
          <span aria-hidden="true" className="inline-block size-4 rounded border border-border" style={{ backgroundColor: s.color }} />
          {t`Segment ${n}`}
        </h3>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t`Remove segment ${n}`}>
          {t`Remove`}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={named(n, t`Label`)}
          hint={t`What the slice and the odds table say.`}
          value={s.label}
          maxLength={30}
          onChange={(e) => onEdit({ label: e.target.value })}
          error={f('label', t`The label`)}
        />
        <SelectField label={named(n, t`Prize`)} value={s.prize_type} onChange={(e) => onEdit({ prize_type: e.target.value as PrizeType })} className="min-w-0">
          {(['points', 'voucher', 'none'] as const).map((type) => (
            <option key={type} value={type}>
              {PRIZE_LABEL[type]}
            </option>
          ))}
        </SelectField>
        {s.prize_type === 'points' ? (
          <TextField
            label={named(n, t`Points won`)}
            inputMode="numeric"
            value={s.points}
            onChange={(e) => onEdit({ points: e.target.value })}
            error={f('points', t`The points`)}
          />
        ) : s.prize_type === 'voucher' ? (
          <SelectField label={named(n, t`Reward`)} value={s.reward} onChange={(e) => onEdit({ reward: e.target.value })} error={f('reward', t`The reward`)}>
            <option value="">{t`Choose a reward`}</option>
            {rewards.map((r) => (
              <option key={r.name} value={r.name}>
                {r.title}
              </option>
            ))}
          </SelectField>
        ) : (
          <p className="self-center text-sm text-muted">{t`No prize: the customer is told better luck next time.`}</p>
        )}
        <TextField
          label={named(n, t`Weight`)}
          inputMode="numeric"
          value={s.weight}
          onChange={(e) => onEdit({ weight: e.target.value })}
          hint={
            /^\s*0+\s*$/.test(s.weight)
              ? t`0 would mean it never comes up: remove the segment instead.`
              : chance !== null
                ? t`Chance: ${chancePercent}. A weight of 2 comes up twice as often as 1.`
                : t`How often it comes up, compared with the others (1 or more).`
          }
          error={f('weight', t`The weight`)}
        />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {named(n, t`Colour`)}
          <input
            type="color"
            value={s.color}
            onChange={(e) => onEdit({ color: e.target.value.toLowerCase() })}
            className={cx('h-11 w-14 cursor-pointer rounded-lg border border-border bg-surface-raised p-1', focusRing)}
          />
        </label>
      </div>
    </Card>
  );
}

/** Beside the segments: the wheel as customers will see it, and what a spin costs. */
function WheelSide({
  segments,
  odds,
  locale,
  cost,
  onCost,
  free,
  onFree,
  costError,
}: {
  segments: SegmentDraft[];
  odds: number[] | null;
  locale: string;
  cost: string;
  onCost: (value: string) => void;
  free: string;
  onFree: (value: string) => void;
  costError?: string;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-4">
      <Card title={t`As customers will see it`} headingLevel={2} className="flex flex-col items-center gap-3">
        {odds ? (
          <Wheel
            segments={segments.map((s, i) => {
              const n = i + 1;
              return { id: s.key, label: s.label || t`Segment ${n}`, probability: odds[i]!, color: s.color };
            })}
            size={220}
            locale={locale}
          />
        ) : (
          <p className="text-sm text-muted">{t`Give every segment a weight of 1 or more to see the chances.`}</p>
        )}
      </Card>
      <TextField label={t`Points a paid spin costs`} inputMode="numeric" value={cost} onChange={(e) => onCost(e.target.value)} error={costError} />
      <SelectField
        label={t`Free spins a day`}
        value={free}
        onChange={(e) => onFree(e.target.value)}
        hint={t`Each customer gets this many a day before paying.`}
      >
        {Array.from({ length: MAX_FREE_SPINS + 1 }, (_, n) => (
          <option key={n} value={n}>
            {n === 0 ? t`None` : n}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The wheel to publish, from the editor's drafts and typed numbers (checked before: problemsOf). */
function publishedWheel(segments: SegmentDraft[], cost: string, free: string): Parameters<WheelEditorScreenProps['onPublish']>[0] {
  return {
    segments: segments.map((s) => ({
      label: s.label.trim(),
      prize_type: s.prize_type,
      ...(s.prize_type === 'points' ? { points: Number(s.points) } : {}),
      ...(s.prize_type === 'voucher' ? { reward: s.reward } : {}),
      weight: Number(s.weight),
      color: s.color,
    })),
    spin_cost_points: Number(cost),
    free_spins_per_day: Number(free),
  };
}

interface EditorProps {
  current: WheelVersion;
  rewards: NonNullable<WheelEditorScreenProps['rewards']>;
  locale: string;
  onPublish: WheelEditorScreenProps['onPublish'];
  published: boolean;
  setPublished: (on: boolean) => void;
  palette: string[];
}

function Editor({ current, rewards, locale, onPublish, published, setPublished, palette }: EditorProps) {
  const [segments, setSegments] = useState(() => draftOf(current, palette));
  const form = useRef<HTMLFormElement>(null);
  const [cost, setCost] = useState(String(current.spin_cost_points));
  const [free, setFree] = useState(String(current.free_spins_per_day));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [publishing, setPublishing] = useState(false);
  const { t } = useLingui();
  const active = rewards.filter((r) => r.active);
  // a refusal takes the keyboard to the first field that needs changing
  useEffect(() => {
    if (problem) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problem]);

  const edit = (key: number, change: Partial<SegmentDraft>) => {
    setPublished(false);
    setSegments((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));
  };
  // the chances exactly as customers will be shown them; none while a weight is not a whole number above 0
  const odds = useMemo(() => {
    const weights = segments.map((s) => positiveWhole(s.weight));
    if (segments.length === 0 || weights.some((w) => w === null)) return null;
    return publishedOdds(segments.map((s, i) => ({ id: s.key, weight: weights[i]! }))).map((o) => o.probability);
  }, [segments]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = problemsOf(segments, cost);
    if (Object.keys(fields).length) return setProblem({ message: t`Check the highlighted fields.`, fields });
    setPublishing(true);
    const refused = await onPublish(publishedWheel(segments, cost, free));
    setPublishing(false);
    setProblem(refused);
    setPublished(!refused);
  }

  const wheelProblem = problem?.fields.segments;
  return (
    <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">{t`Segments`}</h2>
          {wheelProblem && <p className="text-sm font-medium text-danger">{t`The wheel ${wheelProblem}.`}</p>}
          <ol className="flex flex-col gap-3">
            {segments.map((s, i) => (
              <SegmentCard
                key={s.key}
                segment={s}
                index={i}
                problem={problem}
                chance={odds ? odds[i]! : null}
                rewards={active}
                locale={locale}
                onEdit={(change) => edit(s.key, change)}
                onRemove={() => (setPublished(false), setSegments((list) => list.filter((x) => x.key !== s.key)))}
              />
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={segments.length >= 24}
              onClick={() => (
                setPublished(false),
                setSegments((list) => [
                  ...list,
                  { key: nextKey++, label: '', prize_type: 'none', points: '', reward: '', weight: '1', color: palette[list.length % palette.length]! },
                ])
              )}
            >
              {t`Add a segment`}
            </Button>
            <Button
              variant="ghost"
              onClick={() => (setPublished(false), setSegments((list) => list.map((x, i) => ({ ...x, color: palette[i % palette.length]! }))))}
            >
              {t`Colour from the brand`}
            </Button>
          </div>
        </div>
        <WheelSide
          segments={segments}
          odds={odds}
          locale={locale}
          cost={cost}
          onCost={(v) => (setPublished(false), setCost(v))}
          free={free}
          onFree={(v) => (setPublished(false), setFree(v))}
          costError={fieldProblem(problem, 'spin_cost_points', t`The cost`)}
        />
      </div>
      {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
      {published && <Notice tone="success">{t`Published. The next spin uses these odds.`}</Notice>}
      <div className="flex justify-end">
        <Button type="submit" loading={publishing}>
          {t`Publish the wheel`}
        </Button>
      </div>
    </form>
  );
}

/** A published version: when and by whom, its spins, and its segments with their chances. */
function VersionCard({ v, live, locale, timeZone }: { v: WheelVersion; live: boolean; locale: string; timeZone?: string | undefined }) {
  const { t } = useLingui();
  const { version } = v;
  const when = v.published_at ? formatDateTime(v.published_at, locale, timeZone) : null;
  const who = v.published_by;
  const spins = v.spins.toLocaleString(locale);
  const cost = String(v.spin_cost_points);
  const free = v.free_spins_per_day;
  const published = when === null ? t`The first wheel` : who ? t`${when} by ${who}` : when;
  const freeWords = free === 0 ? t`no free spin` : t`${free} free a day`;
  return (
    <Card as="li" padding="sm">
      <details>
        <summary className={cx('cursor-pointer rounded', focusRing)}>
          <span className="font-medium">{t`Version ${version}`}</span> {live && <Badge tone="success">{t`Live`}</Badge>} · {published} ·{' '}
          {plural(v.spins, { one: `${spins} spin`, other: `${spins} spins` })}
        </summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">{t`Version ${version}'s segments`}</caption>
          <thead>
            <tr>
              <th scope="col" className="text-left font-medium">
                {t`Segment`}
              </th>
              <th scope="col" className="text-left font-medium">
                {t`Prize`}
              </th>
              <th scope="col" className="text-right font-medium">
                {t`Weight`}
              </th>
              <th scope="col" className="text-right font-medium">
                {t`Chance`}
              </th>
            </tr>
          </thead>
          <tbody>
            {v.segments.map((s, i) => (
              <tr key={i}>
                <td>{s.label}</td>
                <td>{prizeText(s, locale)}</td>
                <td className="text-right tabular-nums">{s.weight}</td>
                <td className="text-right tabular-nums">{percent(s.probability, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-sm text-muted">
          {plural(v.spin_cost_points, { one: `A paid spin cost ${cost} point; ${freeWords}.`, other: `A paid spin cost ${cost} points; ${freeWords}.` })}
        </p>
      </details>
    </Card>
  );
}

/** /merchant/wheel (owners): the wheel's segments, prizes and weights with the chances customers see; every published version. */
export function WheelEditorScreen(props: WheelEditorScreenProps) {
  const { current, versions, rewards, loading, error, onRetry, locale, timeZone } = props;
  // kept here: a publish brings a new version, and the editor starts again from it
  const [published, setPublished] = useState(false);
  const { t } = useLingui();
  if (loading && !current)
    return (
      <SkeletonGroup label={t`Loading the wheel`}>
        <SkeletonText lines={8} />
      </SkeletonGroup>
    );
  if (!current) return <ErrorState title={t`We could not load the wheel`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  return (
    <div className="flex flex-col gap-8">
      <Editor
        key={current.version}
        current={current}
        rewards={rewards ?? []}
        locale={locale}
        onPublish={props.onPublish}
        published={published}
        setPublished={setPublished}
        palette={brandPalette((props.brand ?? NEUTRAL).brand, (props.brand ?? NEUTRAL).accent)}
      />
      <section aria-labelledby="wheel-versions" className="flex flex-col gap-3">
        <h2 id="wheel-versions" className="text-lg font-semibold">
          {t`Published versions`}
        </h2>
        <p className="text-sm text-muted">{t`Every spin is drawn with the version live when it started, so each one can be explained.`}</p>
        <ul className="flex flex-col gap-2">
          {(versions ?? [current]).map((v) => (
            <VersionCard key={v.version} v={v} live={v.version === current.version} locale={locale} timeZone={timeZone} />
          ))}
        </ul>
      </section>
    </div>
  );
}
