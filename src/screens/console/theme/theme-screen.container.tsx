import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import type { SiteSettings } from '#contract';
import type { ThemeSettings } from '#contract/theme';
import { useCatalog } from '../../../api/shop';
import { useRewards } from '../../../api/rewards';
import { useSettings } from '../../../api/settings';
import { useStampPrograms } from '../../../api/stamp-programs';
import { useTiersConsole } from '../../../api/tiers-console';
import { usePublishTheme, useRestoreTheme, useSaveThemeDraft, useThemeDraft, useThemePreviewLink, useThemeVersions } from '../../../api/theme';
import { useAction } from '../../../shared/action';
import { fieldErrorsOf, messageOf } from '../../../shared/errors';
import { consoleTimeFormat } from '../shared/console-format';
import { useImageUpload } from '../shared/image-upload.container';
import { sampleStampCards, sampleTier } from '../shared/preview-samples';
import { ThemeStudioScreen, type ImageField, type SaveState } from './theme-screen';

/** How long the studio waits after the last edit before it saves the draft. */
const SAVE_AFTER_MS = 600;

/**
 * The draft being edited: the server's at first (and again after a restore or publish replaced it
 * there), each edit saved a moment after the last one (`edit`), and `flush` to save at once what is
 * waiting (before publishing or sharing the draft).
 */
function useAutosavedDraft(server: ReturnType<typeof useThemeDraft>) {
  const saveDraft = useSaveThemeDraft();
  const [draft, setDraft] = useState<ThemeSettings | undefined>();
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<Promise<unknown> | null>(null);

  const serverTheme = server.data?.theme as ThemeSettings | undefined;
  useEffect(() => {
    if (serverTheme && !timer.current) {
      setDraft(serverTheme);
      if (server.data?.saved_at) setSave({ status: 'saved', at: server.data.saved_at });
    }
  }, [serverTheme, server.data?.saved_at]);

  const saveNow = useCallback(
    async (next: ThemeSettings) => {
      setSave({ status: 'saving' });
      const call = saveDraft(next).then(
        (a) => setSave({ status: 'saved', at: a.saved_at ?? new Date().toISOString() }),
        (err: unknown) => {
          const fields = fieldErrorsOf(err);
          const first = Object.entries(fields)[0];
          setSave({ status: 'failed', message: first ? `${first[0].replace(/_/g, ' ')} ${first[1]}` : messageOf(err) });
        },
      );
      pending.current = call;
      await call;
    },
    [saveDraft],
  );

  const edit = (next: ThemeSettings) => {
    setDraft(next);
    setSave({ status: 'unsaved' });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void saveNow(next);
    }, SAVE_AFTER_MS);
  };

  const flush = async () => {
    if (timer.current && draft) {
      clearTimeout(timer.current);
      timer.current = null;
      await saveNow(draft);
    } else if (pending.current) {
      await pending.current;
    }
  };
  return { draft, setDraft, save, edit, flush };
}

/** /merchant/theme (owners). Every edit is saved as the draft (a moment after the last one). */
export default function ThemeStudioContainer() {
  const server = useThemeDraft();
  const versions = useThemeVersions();
  const shop = useSettings();
  // the shop's time zone and locale, as Activity writes the same moments (never the computer's)
  const formatTime = useMemo(() => consoleTimeFormat(shop.data as SiteSettings | undefined), [shop.data]);
  const catalog = useCatalog();
  const rewards = useRewards();
  // the preview's Home has the sections the shop has on, as a customer's has: a sample tier and stamp cards
  const tiers = useTiersConsole();
  const stamps = useStampPrograms();
  const publish = usePublishTheme();
  const restore = useRestoreTheme();
  const previewLink = useThemePreviewLink();
  const images = useImageUpload<ImageField>();

  const { draft, setDraft, save, edit, flush } = useAutosavedDraft(server);
  const [copied, setCopied] = useState(false);
  const [published, setPublished] = useState<string | null>(null);
  const [shareLink, setShareLink] = useState<{ url: string; expires: string } | null>(null);

  // publishing, sharing and restoring show their failure in one place: each forgets the others' when it starts
  const publishing = useAction(async () => {
    sharing.reset();
    restoring.reset();
    setPublished(null);
    await flush();
    await publish();
    setPublished(t`Published. Customers see the new look within a few seconds.`);
  });
  const sharing = useAction(async () => {
    publishing.reset();
    restoring.reset();
    await flush();
    const link = await previewLink();
    setShareLink({ url: `${window.location.origin}/?preview=${link.preview_token}`, expires: formatTime(link.expires_at) });
    setCopied(false);
  });
  const restoring = useAction(async (id: number) => {
    publishing.reset();
    sharing.reset();
    await restore(id);
    const fresh = await server.mutate();
    if (fresh?.theme) setDraft(fresh.theme as ThemeSettings);
    setPublished(t`Restored. Customers see that version within a few seconds.`);
  });
  const publishFields = Object.values(fieldErrorsOf(publishing.error));
  const publishError = publishing.error
    ? publishFields.length
      ? `${messageOf(publishing.error)} ${publishFields.join(' ')}`
      : messageOf(publishing.error)
    : sharing.error || restoring.error
      ? messageOf(sharing.error || restoring.error)
      : null;

  const change = (next: ThemeSettings) => {
    edit(next);
    setPublished(null);
    publishing.reset();
    sharing.reset();
    restoring.reset();
  };

  return (
    <ThemeStudioScreen
      draft={draft}
      loading={server.isLoading}
      error={server.error ? messageOf(server.error) : null}
      onRetry={() => void server.mutate()}
      onChange={change}
      save={save}
      live={server.data?.live && save.status !== 'unsaved' && save.status !== 'saving'}
      uploading={images.uploading}
      uploadErrors={images.errors}
      onUpload={async (field, file) => {
        const url = await images.upload(field, file);
        if (url && draft) change({ ...draft, [field]: url });
      }}
      publishing={publishing.pending}
      publishError={publishError}
      published={published}
      onPublish={() => void publishing.run()}
      sharing={sharing.pending}
      shareLink={shareLink}
      copied={copied}
      onCopyLink={(url) => {
        void navigator.clipboard?.writeText(url).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 3000);
          },
          () => setCopied(false),
        );
      }}
      onShare={() => void sharing.run()}
      versions={versions.data?.versions}
      currentVersionId={versions.data?.current_id ?? null}
      restoring={restoring.running?.[0] ?? null}
      onRestore={(id) => void restoring.run(id)}
      formatTime={formatTime}
      shop={(shop.data ?? { currency: 'PHP', locale: 'en-PH' }) as SiteSettings}
      categories={catalog.data?.categories ?? []}
      rewards={rewards.data?.rewards ?? []}
      tier={sampleTier(tiers.data)}
      stampCards={sampleStampCards(stamps.data?.programs, catalog.data?.categories ?? [], rewards.data?.rewards ?? [])}
    />
  );
}
