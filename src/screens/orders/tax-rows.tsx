import { Fragment, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ratePercent, type OrderTaxLines } from '#contract/tax-rules';

/**
 * An order's taxes in its totals (issue 51), as `<dt>`/`<dd>` pairs: added ones before the total ("VAT
 * 12 %"), included ones after it, smaller ("Includes VAT 12 %"). Nothing when the shop charges no tax.
 */
export function TaxRows({
  taxes,
  placement,
  money,
}: {
  taxes: OrderTaxLines | undefined;
  placement: 'before-total' | 'after-total';
  money: (amount: number) => ReactNode;
}) {
  const { t } = useLingui();
  if (!taxes || taxes.included !== (placement === 'after-total')) return null;
  return taxes.lines.map(({ name, rate, amount }) => {
    const tax = `${name} ${ratePercent(rate)}`;
    return (
      <Fragment key={name}>
        <dt className={taxes.included ? 'text-sm text-muted' : 'text-muted'}>{taxes.included ? t`Includes ${tax}` : tax}</dt>
        <dd className={taxes.included ? 'text-right text-sm text-muted' : 'text-right'}>{money(amount)}</dd>
      </Fragment>
    );
  });
}
