import { useMemo, useState, type FormEvent } from 'react';
import type { EditorReward, WheelConfig, WheelVersion } from '#contract/editors';
import { MAX_FREE_SPINS } from '#contract/editors';
import { publishedOdds } from '#contract/wheel-odds';
import { Badge, Button, Card, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, Wheel, cx, focusRing } from '../../ui';
import { formatDateTime } from '../../ui/lib/dates';
import { SelectField, fieldProblem, type SaveProblem } from './editor-fields';

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
}

const PALETTE = ['#9a4a1c', '#f2c14e', '#2f6f4f', '#d9822b', '#5b3a29', '#e6d3b3', '#3c6e91', '#c0392b'];
const PRIZE_LABEL: Record<PrizeType, string> = { points: 'Points', voucher: 'A reward voucher', none: 'Nothing' };

let nextKey = 1;
const draftOf = (v: WheelVersion): SegmentDraft[] =>
  v.segments.map((s, i) => ({ key: nextKey++, label: s.label, prize_type: s.prize_type, points: s.points === null ? '' : String(s.points), reward: s.reward?.name ?? '', weight: String(s.weight), color: s.color ?? PALETTE[i % PALETTE.length]! }));

const positiveWhole = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

/** "12.5%": a disclosed probability as customers read it (the wheel's own odds table rounds alike). */
const percent = (p: number, locale: string) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(p);

function prizeText(s: WheelVersion['segments'][number], locale: string) {
  if (s.prize_type === 'points') return `${(s.points ?? 0).toLocaleString(locale)} points`;
  if (s.prize_type === 'voucher') return s.reward ? `${s.reward.title} voucher` : 'A voucher';
  return 'Nothing';
}

function Editor({ current, rewards, locale, onPublish, published, setPublished }: { current: WheelVersion; rewards: NonNullable<WheelEditorScreenProps['rewards']>; locale: string; onPublish: WheelEditorScreenProps['onPublish']; published: boolean; setPublished: (on: boolean) => void }) {
  const [segments, setSegments] = useState(() => draftOf(current));
  const [cost, setCost] = useState(String(current.spin_cost_points));
  const [free, setFree] = useState(String(current.free_spins_per_day));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [publishing, setPublishing] = useState(false);
  const active = rewards.filter((r) => r.active);

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
    const fields: Record<string, string> = {};
    if (segments.length === 0) fields.segments = 'must have at least one segment';
    segments.forEach((s, i) => {
      if (!s.label.trim()) fields[`segments.${i}.label`] = 'is required';
      if (positiveWhole(s.weight) === null) fields[`segments.${i}.weight`] = 'must be a whole number of at least 1';
      if (s.prize_type === 'points' && positiveWhole(s.points) === null) fields[`segments.${i}.points`] = 'must be a whole number of at least 1';
      if (s.prize_type === 'voucher' && !s.reward) fields[`segments.${i}.reward`] = 'is required: choose a reward';
    });
    if (!/^\d+$/.test(cost.trim())) fields.spin_cost_points = 'must be a whole number (0 for free)';
    if (Object.keys(fields).length) return setProblem({ message: 'Check the highlighted fields.', fields });
    setPublishing(true);
    const refused = await onPublish({
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
    });
    setPublishing(false);
    setProblem(refused);
    setPublished(!refused);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">Segments</h2>
          {problem?.fields.segments && <p className="text-sm font-medium text-danger">The wheel {problem.fields.segments}.</p>}
          <ol className="flex flex-col gap-3">
            {segments.map((s, i) => {
              const n = i + 1;
              const f = (name: string, label: string) => fieldProblem(problem, `segments.${i}.${name}`, label);
              return (
                <Card as="li" key={s.key} padding="sm" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[1fr_1fr_1fr_7rem_auto]">
                  <TextField label={`Segment ${n}: label`} value={s.label} maxLength={30} onChange={(e) => edit(s.key, { label: e.target.value })} error={f('label', 'The label')} />
                  <SelectField label={`Segment ${n}: prize`} value={s.prize_type} onChange={(e) => edit(s.key, { prize_type: e.target.value as PrizeType })}>
                    {(['points', 'voucher', 'none'] as const).map((t) => (
                      <option key={t} value={t}>
                        {PRIZE_LABEL[t]}
                      </option>
                    ))}
                  </SelectField>
                  {s.prize_type === 'points' ? (
                    <TextField label={`Segment ${n}: points won`} inputMode="numeric" value={s.points} onChange={(e) => edit(s.key, { points: e.target.value })} error={f('points', 'The points')} />
                  ) : s.prize_type === 'voucher' ? (
                    <SelectField label={`Segment ${n}: reward`} value={s.reward} onChange={(e) => edit(s.key, { reward: e.target.value })} error={f('reward', 'The reward')}>
                      <option value="">Choose a reward</option>
                      {active.map((r) => (
                        <option key={r.name} value={r.name}>
                          {r.title}
                        </option>
                      ))}
                    </SelectField>
                  ) : (
                    <p className="self-center text-sm text-muted">No prize.</p>
                  )}
                  <TextField
                    label={`Segment ${n}: weight`}
                    inputMode="numeric"
                    value={s.weight}
                    onChange={(e) => edit(s.key, { weight: e.target.value })}
                    hint={odds ? `Chance: ${percent(odds[i]!, locale)}` : 'Chance: —'}
                    error={f('weight', 'The weight')}
                  />
                  <div className="flex items-end gap-2">
                    <label className="flex flex-col gap-1 text-sm font-medium">
                      <span className="sr-only">Segment {n}: colour</span>
                      <span aria-hidden="true">Colour</span>
                      <input type="color" value={s.color} onChange={(e) => edit(s.key, { color: e.target.value.toLowerCase() })} className={cx('h-11 w-14 cursor-pointer rounded-lg border border-border bg-surface-raised p-1', focusRing)} />
                    </label>
                    <Button variant="ghost" size="sm" onClick={() => (setPublished(false), setSegments((list) => list.filter((x) => x.key !== s.key)))} aria-label={`Remove segment ${n}`}>
                      Remove
                    </Button>
                  </div>
                </Card>
              );
            })}
          </ol>
          <Button
            variant="secondary"
            className="self-start"
            disabled={segments.length >= 24}
            onClick={() => (setPublished(false), setSegments((list) => [...list, { key: nextKey++, label: '', prize_type: 'none', points: '', reward: '', weight: '1', color: PALETTE[list.length % PALETTE.length]! }]))}
          >
            Add a segment
          </Button>
        </div>
        <div className="flex flex-col gap-4">
          <Card title="As customers will see it" headingLevel={2} className="flex flex-col items-center gap-3">
            {odds ? (
              <Wheel segments={segments.map((s, i) => ({ id: s.key, label: s.label || `Segment ${i + 1}`, probability: odds[i]!, color: s.color }))} size={220} locale={locale} />
            ) : (
              <p className="text-sm text-muted">Give every segment a weight of 1 or more to see the chances.</p>
            )}
          </Card>
          <TextField label="Points a paid spin costs" inputMode="numeric" value={cost} onChange={(e) => (setPublished(false), setCost(e.target.value))} error={fieldProblem(problem, 'spin_cost_points', 'The cost')} />
          <SelectField label="Free spins a day" value={free} onChange={(e) => (setPublished(false), setFree(e.target.value))} hint="Each customer gets this many a day before paying.">
            {Array.from({ length: MAX_FREE_SPINS + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? 'None' : n}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
      {published && <Notice tone="success">Published. The next spin uses these odds.</Notice>}
      <div className="flex justify-end">
        <Button type="submit" loading={publishing}>
          Publish the wheel
        </Button>
      </div>
    </form>
  );
}

/** /merchant/wheel (owners): the wheel's segments, prizes and weights with the chances customers see; every published version. */
export function WheelEditorScreen(props: WheelEditorScreenProps) {
  const { current, versions, rewards, loading, error, onRetry, locale, timeZone } = props;
  // kept here: a publish brings a new version, and the editor starts again from it
  const [published, setPublished] = useState(false);
  if (loading && !current)
    return (
      <SkeletonGroup label="Loading the wheel">
        <SkeletonText lines={8} />
      </SkeletonGroup>
    );
  if (!current) return <ErrorState title="We could not load the wheel" message={error ?? 'Please try again.'} onRetry={onRetry} />;
  return (
    <div className="flex flex-col gap-8">
      <Editor key={current.version} current={current} rewards={rewards ?? []} locale={locale} onPublish={props.onPublish} published={published} setPublished={setPublished} />
      <section aria-labelledby="wheel-versions" className="flex flex-col gap-3">
        <h2 id="wheel-versions" className="text-lg font-semibold">
          Published versions
        </h2>
        <p className="text-sm text-muted">Every spin is drawn with the version live when it started, so each one can be explained.</p>
        <ul className="flex flex-col gap-2">
          {(versions ?? [current]).map((v) => (
            <Card as="li" key={v.version} padding="sm">
              <details>
                <summary className={cx('cursor-pointer rounded', focusRing)}>
                  <span className="font-medium">Version {v.version}</span> {v.version === current.version && <Badge tone="success">Live</Badge>} · {v.published_at ? `${formatDateTime(v.published_at, locale, timeZone)}${v.published_by ? ` by ${v.published_by}` : ''}` : 'The first wheel'} ·{' '}
                  {v.spins === 1 ? '1 spin' : `${v.spins.toLocaleString(locale)} spins`}
                </summary>
                <table className="mt-2 w-full text-sm">
                  <caption className="sr-only">Version {v.version}'s segments</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="text-left font-medium">Segment</th>
                      <th scope="col" className="text-left font-medium">Prize</th>
                      <th scope="col" className="text-right font-medium">Weight</th>
                      <th scope="col" className="text-right font-medium">Chance</th>
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
                  A paid spin cost {v.spin_cost_points} points; {v.free_spins_per_day === 0 ? 'no free spin' : `${v.free_spins_per_day} free a day`}.
                </p>
              </details>
            </Card>
          ))}
        </ul>
      </section>
    </div>
  );
}
