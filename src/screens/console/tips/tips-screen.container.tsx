import type { SiteSettings } from '#contract';
import { tipsExportUrl, useSaveTipSettings, useTipSettings, useTipsReport } from '../../../api/tips';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { useReportPeriod } from '../shared/report-period';
import { TipsReport } from './tips-report';
import { TipsScreen } from './tips-screen';

/** The report: the last 7 days of the shop's until another period is chosen. */
function ReportContainer({ site }: { site: SiteSettings }) {
  const period = useReportPeriod(site.timezone, 7);
  const report = useTipsReport(period.from, period.to);
  return (
    <TipsReport
      {...period}
      report={report.data}
      loading={report.isLoading || report.isValidating}
      error={report.error ? messageOf(report.error) : null}
      onRetry={() => void report.mutate()}
      csvHref={tipsExportUrl(period.from, period.to)}
      currency={site.currency}
      locale={site.locale}
    />
  );
}

/** /merchant/tips (owners): the tip settings (merchant/tips/settings, saved with …/update) and the tips report with its CSV. */
export default function TipsContainer() {
  const settings = useTipSettings();
  const site = useSettings().data as SiteSettings | undefined;
  const save = useSaveTipSettings();
  return (
    <div className="flex flex-col gap-8">
      <TipsScreen
        settings={settings.data}
        loading={settings.isLoading}
        error={settings.error ? messageOf(settings.error) : null}
        onRetry={() => void settings.mutate()}
        locale={site?.locale ?? 'en'}
        currency={site?.currency ?? 'PHP'}
        onSave={(fields) => saved(() => save(fields))}
      />
      {site && <ReportContainer site={site} />}
    </div>
  );
}
