import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Category, Reward, SiteSettings } from '#contract';
import type { StampCard } from '#contract/stamps';
import type { ThemeSettings, ThemeVersionData } from '#contract/theme';
import type { TierStatusData } from '#contract/tiers';
import {
  AA_BODY_TEXT,
  colourName,
  contrastFixes,
  contrastProblem,
  hexColour,
  readableTextOn,
  themeContrastChecks,
  type ContrastCheck,
  type ContrastFix,
} from '#contract/contrast';
import { Badge, Button, Card, CopyIcon, Dialog, ErrorState, Notice, QrCode, SkeletonGroup, SkeletonText, TextField, cx, focusRing } from '../../../ui';
import { ImagePicker } from '../shared/image-picker';
import { ThemePreview } from '../shared/theme-preview';
import { spoken } from '../shared/spoken';

/** The studio's image fields: the logo, the favicon and the landing background. */
export type ImageField = 'post_file' | 'post_title' | 'landing_body_background_image';

/** `idle`: nothing changed since the page opened, and no draft was saved before: nothing to say. */
export type SaveState =
  { status: 'idle' } | { status: 'saved'; at: string } | { status: 'saving' } | { status: 'unsaved' } | { status: 'failed'; message: string };

export interface ThemeStudioScreenProps {
  /** the draft as the owner edits it; undefined while it loads */
  draft?: ThemeSettings;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** every edit: the container keeps the draft on the server */
  onChange: (draft: ThemeSettings) => void;
  save: SaveState;
  /** whether the draft is what customers see now */
  live?: boolean;
  onUpload: (field: ImageField, file: File) => void;
  uploading?: ImageField | null;
  uploadErrors?: Partial<Record<ImageField, string>>;
  onPublish: () => void;
  publishing?: boolean;
  /** the provider's refusal of a publish (a failing contrast, with its suggestion) */
  publishError?: string | null;
  published?: string | null;
  onShare: () => void;
  sharing?: boolean;
  shareLink?: { url: string; expires: string } | null;
  /** copies the preview link (the container uses the clipboard) */
  onCopyLink?: (url: string) => void;
  /** the link was copied a moment ago */
  copied?: boolean;
  versions?: ThemeVersionData[];
  currentVersionId?: number | null;
  onRestore: (id: number) => void;
  restoring?: number | null;
  /** a time as the owner reads it; with `seconds`, to the second (two versions published in one minute) */
  formatTime: (iso: string, options?: { seconds?: boolean }) => string;
  /** what the preview shows: the shop's settings the draft does not change (currency, locale …), its menu and rewards */
  shop: SiteSettings;
  categories: Category[];
  rewards: Reward[];
  /** a sample customer's tier and stamp cards for the preview's Home (preview-samples.ts), when the shop has them on */
  tier?: TierStatusData | null;
  stampCards?: StampCard[];
}

const IMAGE_FIELDS: ReadonlyArray<{ field: ImageField; label: MessageDescriptor; hint: MessageDescriptor }> = [
  { field: 'post_file', label: msg`Logo`, hint: msg`Shown on the sign-in pages. A square image works best.` },
  { field: 'post_title', label: msg`Favicon`, hint: msg`The small icon in the browser tab. A square image, 64 × 64 or larger.` },
  { field: 'landing_body_background_image', label: msg`Landing background image`, hint: msg`Behind the sign-in pages in the Full version.` },
];

const CHECK_LABEL = spoken<ContrastCheck['field']>({
  brand_color: msg`Text on the brand colour`,
  landing_body_background_color: msg`Text on the landing background colour (Lite)`,
});

/**
 * A colour: the browser's picker, and beside it its hex code to type or paste (#rgb or #rrggbb), the two
 * kept in step; a code that is no colour says so and changes nothing until it is one.
 */
function ColourField({ label, value, onChange, hint }: { label: string; value: string; onChange: (v: string) => void; hint?: ReactNode }) {
  const { t } = useLingui();
  const id = useId();
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  // the picker (or a restore) changed the colour: the code follows it
  if (value !== shown) {
    setShown(value);
    if (hexColour(typed) !== value) setTyped(value);
  }
  const wrong = hexColour(typed) === null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="color"
          value={value}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
          className={cx('h-11 w-14 cursor-pointer rounded-lg border border-border bg-surface-raised p-1', focusRing)}
        />
        <TextField
          label={t`${label}, hex code`}
          hideLabel
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            const colour = hexColour(e.target.value);
            if (colour !== null && colour !== value) onChange(colour);
          }}
          error={wrong ? t`Type a colour code such as #1f7a4d or #1f7.` : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={9}
          // the code in monospace, its error in the page's own type
          className="w-36"
          inputClassName="font-mono"
        />
      </div>
      {hint && <p className="text-sm text-muted">{hint}</p>}
    </div>
  );
}

/**
 * A text colour that may be automatic (unset: black or white, whichever reads better on `on`, as the
 * app paints it). Automatic says so, with the colour it comes to; a chosen colour can go back to it.
 */
function TextColourField({ label, value, on, onChange }: { label: string; value: string | undefined; on: string; onChange: (v: string | undefined) => void }) {
  const { t } = useLingui();
  const auto = readableTextOn(on);
  const id = useId();
  // the field's name inside a sentence ("for text on the brand colour")
  const what = label.toLowerCase();
  if (value === undefined || value === '') {
    return (
      <div className="flex flex-col gap-1" role="group" aria-labelledby={id}>
        <p id={id} className="text-sm font-medium">
          {label}
        </p>
        <div className="flex min-h-11 items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-flex h-11 w-14 items-center justify-center rounded-lg border border-border text-lg font-bold"
            style={{ backgroundColor: on, color: auto }}
          >
            Aa
          </span>
          <span className="text-sm">{auto === '#000000' ? t`Automatic: black` : t`Automatic: white`}</span>
        </div>
        <p className="text-sm text-muted">
          <Trans>Black or white, whichever reads better on the colour.</Trans>
        </p>
        <Button variant="ghost" size="sm" className="self-start" onClick={() => onChange(auto)}>
          <Trans>
            Choose a colour<span className="sr-only"> for {what}</span>
          </Trans>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <ColourField label={label} value={value} onChange={onChange} />
      <Button variant="ghost" size="sm" className="self-start" onClick={() => onChange(undefined)}>
        <Trans>
          Back to automatic<span className="sr-only"> for {what}</span>
        </Trans>
      </Button>
    </div>
  );
}

/** A theme's colours as small swatches: brand, accent, landing (a version at a glance). */
function Swatches({ theme }: { theme: ThemeSettings }) {
  const { t } = useLingui();
  const colours = [theme.brand_color, theme.accent_color, theme.landing_body_background_color];
  const names = colours.map(colourName).join(', ');
  return (
    <span className="flex gap-1" aria-label={t`Colours: ${names}`} role="img">
      {colours.map((c, i) => (
        <span key={i} className="inline-block size-6 rounded-md border border-border" style={{ backgroundColor: c }} />
      ))}
    </span>
  );
}

/** One contrast check: readable, or what is wrong in words and the fixes, best first. */
function CheckRow({ check, onFix }: { check: ContrastCheck; onFix: (f: ContrastFix) => void }) {
  const { t } = useLingui();
  const fixes = contrastFixes(check);
  const ratio = check.ratio.toFixed(1);
  return (
    <li
      tabIndex={-1}
      data-failing={check.passes ? undefined : true}
      className={cx('flex flex-col gap-2 rounded-lg border p-3 text-sm', check.passes ? 'border-border' : 'border-danger/60', focusRing)}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{CHECK_LABEL[check.field]}</span>
        <Badge tone={check.passes ? 'success' : 'danger'}>{check.passes ? t`Easy to read` : t`Hard to read`}</Badge>
      </p>
      {check.passes ? (
        <p className="text-muted">
          <Trans>
            Contrast {ratio} : 1 (at least {AA_BODY_TEXT} : 1 is needed)
          </Trans>
        </p>
      ) : (
        <>
          <p className="font-medium text-danger">{contrastProblem(check)}</p>
          <p className="text-muted">
            <Trans>
              Customers would struggle with the buttons and bars in this colour. Contrast {ratio} : 1; at least {AA_BODY_TEXT} : 1 is needed.
            </Trans>
          </p>
          {fixes.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {fixes.map((f, i) => (
                <Button
                  key={f.label}
                  variant={i === 0 ? 'primary' : 'secondary'}
                  size="sm"
                  onClick={() => onFix(f)}
                  icon={<span aria-hidden="true" className="inline-block size-4 rounded border border-border" style={{ backgroundColor: f.shows }} />}
                >
                  {f.label}
                </Button>
              ))}
            </div>
          )}
        </>
      )}
    </li>
  );
}

function saveText(save: SaveState, formatTime: (iso: string) => string): string {
  switch (save.status) {
    case 'saved': {
      const at = formatTime(save.at);
      return say`Draft saved ${at}`;
    }
    case 'saving':
      return say`Saving the draft…`;
    case 'unsaved':
      return say`Not saved yet`;
    case 'idle':
      return '';
    default: {
      const problem = save.message;
      return say`The draft was not saved: ${problem}`;
    }
  }
}

/**
 * /merchant/theme (owners): the brand, edited as a draft kept on the server, checked for contrast as it
 * changes, previewed in the customer app's real screens (Lite and Full side by side), shared as a
 * preview link, published, and restored from any earlier version.
 */
export function ThemeStudioScreen(props: ThemeStudioScreenProps) {
  const { t, i18n } = useLingui();
  const { draft, loading, error, onRetry, onChange, save, formatTime } = props;
  const checksList = useRef<HTMLUListElement>(null);
  if (loading && !draft) {
    return (
      <SkeletonGroup label={t`Loading the theme`}>
        <SkeletonText lines={8} />
      </SkeletonGroup>
    );
  }
  if (!draft) return <ErrorState title={t`We could not load the theme`} message={error ?? t`Please try again.`} onRetry={onRetry} />;

  const set = <K extends keyof ThemeSettings>(field: K, value: ThemeSettings[K]) => onChange({ ...draft, [field]: value });
  const checks = themeContrastChecks(draft);
  const settings: SiteSettings = { ...props.shop, ...draft };
  const status = saveText(save, formatTime);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex min-h-6 flex-wrap items-center gap-3" aria-live="polite">
        {status && <p className={cx('text-sm', save.status === 'failed' ? 'font-medium text-danger' : 'text-muted')}>{status}</p>}
        {props.live ? (
          <Badge tone="success">
            <Trans>Live</Trans>
          </Badge>
        ) : (
          <Badge tone="warning">
            <Trans>Not published</Trans>
          </Badge>
        )}
      </div>
      <div className="grid gap-6 xl:grid-cols-[22rem_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card as="section" title={t`Name and version`}>
            <div className="mt-3 flex flex-col gap-4">
              <TextField
                label={t`Shop name`}
                value={draft.setting_company}
                maxLength={80}
                onChange={(e) => set('setting_company', e.target.value)}
                error={draft.setting_company.trim() ? undefined : t`Enter the shop’s name.`}
              />
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-medium">
                  <Trans>Version</Trans>
                </legend>
                {(['Full', 'Lite'] as const).map((v) => (
                  <label key={v} className="flex items-start gap-2">
                    <input
                      type="radio"
                      name="version"
                      value={v}
                      checked={draft.version === v}
                      onChange={() => set('version', v)}
                      className={cx('mt-1 size-4', focusRing)}
                    />
                    <span>
                      <span className="font-medium">{v}</span>{' '}
                      <span className="text-muted">
                        {v === 'Full' ? t`— the landing pages show the background image` : t`— the landing pages show the background colour only`}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            </div>
          </Card>
          <ColoursCard draft={draft} checks={checks} set={set} onChange={onChange} listRef={checksList} />
          <Card as="section" title={t`Images`}>
            <div className="mt-3 flex flex-col gap-5">
              {IMAGE_FIELDS.map((f) => (
                <ImagePicker
                  key={f.field}
                  field={f.field}
                  label={i18n._(f.label)}
                  hint={i18n._(f.hint)}
                  value={draft[f.field]}
                  uploading={props.uploading === f.field}
                  {...(props.uploadErrors?.[f.field] ? { error: props.uploadErrors[f.field] } : {})}
                  onUpload={(file) => props.onUpload(f.field, file)}
                  onClear={() => set(f.field, '')}
                />
              ))}
            </div>
          </Card>
          <PublishCard
            {...props}
            draft={draft}
            checks={checks}
            onShowChecks={() => checksList.current?.querySelector<HTMLElement>('[data-failing]')?.focus()}
          />
          <VersionsCard {...props} />
        </div>
        {/* the preview stays in view while the form scrolls beside it */}
        <div className="min-w-0 xl:sticky xl:top-4 xl:max-h-[calc(100dvh-2rem)] xl:self-start xl:overflow-y-auto">
          <ThemePreview
            settings={settings}
            categories={props.categories}
            rewards={props.rewards}
            tier={props.tier ?? null}
            {...(props.stampCards ? { stampCards: props.stampCards } : {})}
            desktop
          />
        </div>
      </div>
    </div>
  );
}

function ColoursCard({
  draft,
  checks,
  set,
  onChange,
  listRef,
}: {
  draft: ThemeSettings;
  checks: ContrastCheck[];
  set: <K extends keyof ThemeSettings>(field: K, value: ThemeSettings[K]) => void;
  onChange: (d: ThemeSettings) => void;
  listRef: Ref<HTMLUListElement>;
}) {
  const { t } = useLingui();
  return (
    <Card as="section" title={t`Colours`}>
      <div className="mt-3 grid grid-cols-2 gap-4">
        <ColourField label={t`Brand colour`} value={draft.brand_color} onChange={(v) => set('brand_color', v)} />
        <TextColourField
          label={t`Text on the brand colour`}
          value={draft.brand_text_color}
          on={draft.brand_color}
          onChange={(v) => set('brand_text_color', v)}
        />
        <ColourField label={t`Accent colour`} value={draft.accent_color} onChange={(v) => set('accent_color', v)} />
        <ColourField
          label={t`Landing background colour`}
          value={draft.landing_body_background_color}
          onChange={(v) => set('landing_body_background_color', v)}
        />
        <TextColourField
          label={t`Text on the landing background`}
          value={draft.landing_text_color}
          on={draft.landing_body_background_color}
          onChange={(v) => set('landing_text_color', v)}
        />
      </div>
      <ul ref={listRef} className="mt-4 flex flex-col gap-2" aria-label={t`Can customers read the text?`}>
        {checks.map((c) => (
          <CheckRow
            key={c.field}
            check={c}
            onFix={(f) => {
              const next: ThemeSettings = { ...draft, [f.field]: f.value };
              if (f.value === undefined) delete next[f.field];
              onChange(next);
            }}
          />
        ))}
      </ul>
    </Card>
  );
}

/** Publish and share: publishing asks first, saying what customers will see and when. */
function PublishCard(props: ThemeStudioScreenProps & { draft: ThemeSettings; checks: ContrastCheck[]; onShowChecks: () => void }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const failing = props.checks.filter((c) => !c.passes);
  const publish = () => {
    // the problem is said once, where it is fixed: Publish takes the owner there
    if (failing.length > 0) return props.onShowChecks();
    setConfirming(true);
  };
  return (
    <Card as="section" title={t`Publish`}>
      <div className="mt-3 flex flex-col gap-3">
        {failing.length > 0 && (
          <p className="text-sm text-muted">
            <Trans>Publishing waits until the text on your colours is easy to read (see Colours).</Trans>
          </p>
        )}
        {props.publishError && <Notice tone="danger">{props.publishError}</Notice>}
        {props.published && <Notice tone="success">{props.published}</Notice>}
        <Button onClick={publish} loading={props.publishing} disabled={props.save.status === 'saving'}>
          <Trans>Publish</Trans>
        </Button>
        <Button variant="secondary" onClick={props.onShare} loading={props.sharing}>
          <Trans>Share preview</Trans>
        </Button>
        {props.shareLink && <ShareLink link={props.shareLink} onCopy={props.onCopyLink} copied={props.copied} />}
      </div>
      {confirming && (
        <Dialog open onOpenChange={(open) => !open && setConfirming(false)} title={t`Publish the new look?`} description={publishWords(props.draft)}>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              <Trans>Not yet</Trans>
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                props.onPublish();
              }}
            >
              <Trans>Publish now</Trans>
            </Button>
          </div>
        </Dialog>
      )}
    </Card>
  );
}

/** What publishing will show customers, said before it is done. */
function publishWords(draft: ThemeSettings): string {
  const { version } = draft;
  const colour = colourName(draft.brand_color);
  const shop = draft.setting_company;
  return shop
    ? say`Customers see it the next time they open the app, within about 10 seconds: ${shop} in the ${version} version, with its ${colour} brand colour. You can restore the look before it at any time.`
    : say`Customers see it the next time they open the app, within about 10 seconds: the shop in the ${version} version, with its ${colour} brand colour. You can restore the look before it at any time.`;
}

/** The share-preview link: to copy, or to open on a phone with its camera. */
function ShareLink({
  link,
  onCopy,
  copied,
}: {
  link: { url: string; expires: string };
  onCopy?: ((url: string) => void) | undefined;
  copied?: boolean | undefined;
}) {
  const { t } = useLingui();
  const expires = link.expires;
  return (
    <Notice title={t`Preview link`}>
      <p className="text-ink">
        <Trans>Anyone with this link sees the draft in the customer app until {expires}, marked as a preview. Customers never see it.</Trans>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <p className="min-w-0 grow rounded-lg border border-border bg-surface-raised p-2 font-mono text-sm break-all text-ink">{link.url}</p>
        <Button variant="secondary" size="sm" onClick={() => onCopy?.(link.url)} icon={<CopyIcon size={18} />}>
          {copied ? t`Copied` : t`Copy link`}
        </Button>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <QrCode value={link.url} label={t`QR code of the preview link`} size={128} errorCorrectionLevel="L" />
        <p className="text-sm text-ink">
          <Trans>Point a phone’s camera at the code to open the preview there.</Trans>
        </p>
      </div>
    </Notice>
  );
}

const restoreLabel = (when: string) => say`Restore the version of ${when}`;
const restoreTitle = (when: string) => say`Restore the look of ${when}?`;

/** Every published version: its colours, who and when (to the second where two share a minute), Restore after asking. */
function VersionsCard(props: ThemeStudioScreenProps) {
  const { t } = useLingui();
  const { versions, formatTime } = props;
  const [restoring, setRestoring] = useState<ThemeVersionData | null>(null);
  const minute = (iso: string) => formatTime(iso);
  const when = (v: ThemeVersionData) =>
    formatTime(v.published_at, { seconds: (versions ?? []).some((o) => o.id !== v.id && minute(o.published_at) === minute(v.published_at)) });
  return (
    <Card as="section" title={t`Published versions`}>
      {versions && versions.length > 0 ? (
        <ol className="mt-3 flex flex-col gap-2">
          {versions.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
              <div className="flex items-center gap-3 text-sm">
                <Swatches theme={v.theme as ThemeSettings} />
                <div>
                  <p className="font-medium">
                    {when(v)}{' '}
                    {v.id === props.currentVersionId && (
                      <Badge tone="success">
                        <Trans>Live</Trans>
                      </Badge>
                    )}
                  </p>
                  <p className="text-muted">
                    {v.published_by ? v.published_by.name : t`Before the first publish`}
                    {v.restored_from !== null ? t` · restored` : ''}
                  </p>
                </div>
              </div>
              {v.id !== props.currentVersionId && (
                <Button variant="secondary" size="sm" loading={props.restoring === v.id} onClick={() => setRestoring(v)} aria-label={restoreLabel(when(v))}>
                  <Trans>Restore</Trans>
                </Button>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-muted">
          <Trans>Nothing published from the console yet.</Trans>
        </p>
      )}
      {restoring && (
        <Dialog
          open
          onOpenChange={(open) => !open && setRestoring(null)}
          title={restoreTitle(when(restoring))}
          description={t`Customers see it again the next time they open the app, within about 10 seconds. It replaces your draft too; the look live now stays in this list.`}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setRestoring(null)}>
              <Trans>Keep the current look</Trans>
            </Button>
            <Button
              onClick={() => {
                const id = restoring.id;
                setRestoring(null);
                props.onRestore(id);
              }}
            >
              <Trans>Restore</Trans>
            </Button>
          </div>
        </Dialog>
      )}
    </Card>
  );
}
