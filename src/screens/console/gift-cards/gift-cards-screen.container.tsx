import type { SiteSettings } from '#contract';
import { useGiftCardReport, useGiftCardSettings, useSaveGiftCardSettings } from '../../../api/gift-cards';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { useReportPeriod } from '../shared/report-period';
import { GiftCardReport } from './gift-card-report';
import { GiftCardBatches } from './gift-card-batches';
import { giftCardBatchCsvUrl, useCreateGiftCardBatch, useGiftCardBatches } from '../../../api/gift-cards-physical';
import { GiftCardsScreen } from './gift-cards-screen';

/** The owner's report: the last 30 days of the shop's until another period is chosen. */
function ReportContainer({ timeZone, locale }: { timeZone: string | undefined; locale: string }) {
  const period = useReportPeriod(timeZone, 30);
  const report = useGiftCardReport(period.from, period.to);
  return (
    <GiftCardReport
      {...period}
      report={report.data}
      loading={report.isLoading || report.isValidating}
      error={report.error ? messageOf(report.error) : null}
      onRetry={() => void report.mutate()}
      locale={locale}
    />
  );
}

/** The owner's printed cards (merchant/gift-cards/batches…): made in batches, downloaded for the printer. */
function BatchesContainer({ timeZone, locale }: { timeZone: string | undefined; locale: string }) {
  const batches = useGiftCardBatches();
  const create = useCreateGiftCardBatch();
  return (
    <GiftCardBatches
      batches={batches.data?.batches}
      error={batches.error ? messageOf(batches.error) : null}
      onRetry={() => void batches.mutate()}
      onCreate={(label, count) => saved(() => create(label, count))}
      csvHref={giftCardBatchCsvUrl}
      locale={locale}
      timeZone={timeZone}
    />
  );
}

/** /merchant/gift-cards (owners): the report (merchant/gift-cards/report), and merchant/gift-cards/settings, saved with …/settings/update. */
export default function GiftCardsContainer() {
  const settings = useGiftCardSettings();
  const site = useSettings().data as SiteSettings | undefined;
  const owner = useStaffMe().data?.staff.role === 'owner';
  const save = useSaveGiftCardSettings();
  return (
    <div className="flex flex-col gap-8">
      {owner && site && <ReportContainer timeZone={site.timezone} locale={site.locale ?? 'en'} />}
      <GiftCardsScreen
        settings={settings.data?.settings}
        loading={settings.isLoading}
        error={settings.error ? messageOf(settings.error) : null}
        onRetry={() => void settings.mutate()}
        canEdit={owner}
        locale={site?.locale ?? 'en'}
        currency={settings.data?.settings.currency ?? site?.currency ?? 'PHP'}
        onSave={(fields) => saved(() => save(fields))}
      />
      {owner && site && <BatchesContainer timeZone={site.timezone} locale={site.locale ?? 'en'} />}
    </div>
  );
}
