import { useId, type ReactNode } from 'react';
import type { Category, Reward, SiteSettings } from '#contract';
import type { ThemeSettings, ThemeVersionData } from '#contract/merchant';
import { AA_BODY_TEXT, readableTextOn, themeContrastChecks, type ContrastCheck } from '#contract/contrast';
import { Badge, Button, Card, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, cx, focusRing } from '../../ui';
import { ImagePicker } from './image-picker';
import { ThemePreview } from './theme-preview';

/** The studio's image fields: the logo, the favicon and the landing background. */
export type ImageField = 'post_file' | 'post_title' | 'landing_body_background_image';

export type SaveState = { status: 'saved'; at: string } | { status: 'saving' } | { status: 'unsaved' } | { status: 'failed'; message: string };

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
  versions?: ThemeVersionData[];
  currentVersionId?: number | null;
  onRestore: (id: number) => void;
  restoring?: number | null;
  formatTime: (iso: string) => string;
  /** what the preview shows: the shop's settings the draft does not change (currency, locale …), its menu and rewards */
  shop: SiteSettings;
  categories: Category[];
  rewards: Reward[];
}

const IMAGE_FIELDS: ReadonlyArray<{ field: ImageField; label: string; hint: string }> = [
  { field: 'post_file', label: 'Logo', hint: 'Shown on the sign-in pages. A square image works best.' },
  { field: 'post_title', label: 'Favicon', hint: 'The small icon in the browser tab. A square image, 64 × 64 or larger.' },
  { field: 'landing_body_background_image', label: 'Landing background image', hint: 'Behind the sign-in pages in the Full version.' },
];

const CHECK_LABEL: Record<ContrastCheck['field'], string> = {
  brand_color: 'Text on the brand colour',
  landing_body_background_color: 'Text on the landing background colour (Lite)',
};

function ColourField({ label, value, onChange, hint }: { label: string; value: string; onChange: (v: string) => void; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input id={id} type="color" value={value} onChange={(e) => onChange(e.target.value.toLowerCase())} className={cx('h-11 w-14 cursor-pointer rounded-lg border border-border bg-surface-raised p-1', focusRing)} />
        <code className="text-sm">{value}</code>
      </div>
      {hint && <p className="text-sm text-muted">{hint}</p>}
    </div>
  );
}

function saveText(save: SaveState, formatTime: (iso: string) => string): string {
  switch (save.status) {
    case 'saved':
      return `Draft saved ${formatTime(save.at)}`;
    case 'saving':
      return 'Saving the draft…';
    case 'unsaved':
      return 'Not saved yet';
    default:
      return `The draft was not saved: ${save.message}`;
  }
}

/**
 * /merchant/theme (owners): the brand, edited as a draft kept on the server, checked for contrast as it
 * changes, previewed in the customer app's real screens (Lite and Full side by side), shared as a
 * preview link, published, and restored from any earlier version.
 */
export function ThemeStudioScreen(props: ThemeStudioScreenProps) {
  const { draft, loading, error, onRetry, onChange, save, formatTime } = props;
  if (loading && !draft) {
    return (
      <SkeletonGroup label="Loading the theme">
        <SkeletonText lines={8} />
      </SkeletonGroup>
    );
  }
  if (!draft) return <ErrorState title="We could not load the theme" message={error ?? 'Please try again.'} onRetry={onRetry} />;

  const set = <K extends keyof ThemeSettings>(field: K, value: ThemeSettings[K]) => onChange({ ...draft, [field]: value });
  const checks = themeContrastChecks(draft);
  const failing = checks.filter((c) => !c.passes);
  const settings: SiteSettings = { ...props.shop, ...draft };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3" aria-live="polite">
        <p className={cx('text-sm', save.status === 'failed' ? 'font-medium text-danger' : 'text-muted')}>{saveText(save, formatTime)}</p>
        {props.live ? <Badge tone="success">Live</Badge> : <Badge tone="warning">Not published</Badge>}
      </div>
      <div className="grid gap-6 xl:grid-cols-[22rem_1fr]">
        <div className="flex flex-col gap-6">
          <Card as="section" title="Name and version">
            <div className="mt-3 flex flex-col gap-4">
              <TextField label="Shop name" value={draft.setting_company} maxLength={80} onChange={(e) => set('setting_company', e.target.value)} error={draft.setting_company.trim() ? undefined : 'Enter the shop’s name.'} />
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-medium">Version</legend>
                {(['Full', 'Lite'] as const).map((v) => (
                  <label key={v} className="flex items-start gap-2">
                    <input type="radio" name="version" value={v} checked={draft.version === v} onChange={() => set('version', v)} className={cx('mt-1 size-4', focusRing)} />
                    <span>
                      <span className="font-medium">{v}</span>{' '}
                      <span className="text-muted">— {v === 'Full' ? 'the landing pages show the background image' : 'the landing pages show the background colour only'}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            </div>
          </Card>
          <Card as="section" title="Colours">
            <div className="mt-3 grid grid-cols-2 gap-4">
              <ColourField label="Brand colour" value={draft.brand_color} onChange={(v) => set('brand_color', v)} />
              <ColourField label="Text on the brand colour" value={draft.brand_text_color ?? readableTextOn(draft.brand_color)} onChange={(v) => set('brand_text_color', v)} />
              <ColourField label="Accent colour" value={draft.accent_color} onChange={(v) => set('accent_color', v)} />
              <ColourField label="Landing background colour" value={draft.landing_body_background_color} onChange={(v) => set('landing_body_background_color', v)} />
              <ColourField label="Text on the landing background" value={draft.landing_text_color ?? readableTextOn(draft.landing_body_background_color)} onChange={(v) => set('landing_text_color', v)} />
            </div>
            <ul className="mt-4 flex flex-col gap-2" aria-label="Contrast checks">
              {checks.map((c) => (
                <li key={c.field} className="flex flex-col gap-1 rounded-lg border border-border p-3">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-medium">{CHECK_LABEL[c.field]}</span>
                    <Badge tone={c.passes ? 'success' : 'danger'}>{c.passes ? 'Passes AA' : 'Too faint'}</Badge>
                    <span className="text-muted">
                      {c.ratio.toFixed(2)} : 1 (needs {AA_BODY_TEXT} : 1)
                    </span>
                  </p>
                  {!c.passes && c.suggestion && (
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <span aria-hidden="true" className="inline-block size-5 rounded border border-border" style={{ backgroundColor: c.suggestion }} />
                      Nearest colour that passes: <code>{c.suggestion}</code>
                      <Button variant="secondary" size="sm" onClick={() => set(c.field, c.suggestion!)}>
                        Use {c.suggestion}
                      </Button>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </Card>
          <Card as="section" title="Images">
            <div className="mt-3 flex flex-col gap-5">
              {IMAGE_FIELDS.map((f) => (
                <ImagePicker
                  key={f.field}
                  {...f}
                  value={draft[f.field]}
                  uploading={props.uploading === f.field}
                  {...(props.uploadErrors?.[f.field] ? { error: props.uploadErrors[f.field] } : {})}
                  onUpload={(file) => props.onUpload(f.field, file)}
                  onClear={() => set(f.field, '')}
                />
              ))}
            </div>
          </Card>
          <Card as="section" title="Publish">
            <div className="mt-3 flex flex-col gap-3">
              {failing.length > 0 && (
                <Notice tone="warning" title="Fix the contrast first">
                  Customers could not read text on {failing.map((c) => CHECK_LABEL[c.field].replace(/^Text on /, '').toLowerCase()).join(' or ')}. Use the suggested colour above.
                </Notice>
              )}
              {props.publishError && <Notice tone="danger">{props.publishError}</Notice>}
              {props.published && <Notice tone="success">{props.published}</Notice>}
              <Button onClick={props.onPublish} loading={props.publishing} disabled={save.status === 'saving'}>
                Publish
              </Button>
              <Button variant="secondary" onClick={props.onShare} loading={props.sharing}>
                Share preview
              </Button>
              {props.shareLink && (
                <Notice title="Preview link">
                  <p className="text-ink">Anyone with this link sees the draft in the customer app until {props.shareLink.expires}. Customers never see it.</p>
                  <p className="mt-2 rounded-lg border border-border bg-surface-raised p-2 font-mono text-sm break-all text-ink">{props.shareLink.url}</p>
                </Notice>
              )}
            </div>
          </Card>
          <Card as="section" title="Published versions">
            {props.versions && props.versions.length > 0 ? (
              <ol className="mt-3 flex flex-col gap-2">
                {props.versions.map((v) => (
                  <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
                    <div className="text-sm">
                      <p className="font-medium">
                        {formatTime(v.published_at)} {v.id === props.currentVersionId && <Badge tone="success">Live</Badge>}
                      </p>
                      <p className="text-muted">
                        {v.published_by ? v.published_by.name : 'Before the first publish'}
                        {v.restored_from !== null ? ' · restored' : ''}
                      </p>
                    </div>
                    {v.id !== props.currentVersionId && (
                      <Button variant="secondary" size="sm" loading={props.restoring === v.id} onClick={() => props.onRestore(v.id)} aria-label={`Restore the version of ${formatTime(v.published_at)}`}>
                        Restore
                      </Button>
                    )}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-3 text-sm text-muted">Nothing published from the console yet.</p>
            )}
          </Card>
        </div>
        <ThemePreview settings={settings} categories={props.categories} rewards={props.rewards} />
      </div>
    </div>
  );
}
