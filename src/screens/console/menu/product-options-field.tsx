import { useLingui } from '@lingui/react/macro';
import type { EditorOptionGroup } from '#contract/options';
import { FieldNotes } from '../../../ui';
import { CheckField } from '../shared/editor-fields';

/**
 * The product form's option groups: a box for each group of the Options page; the product shows those
 * ticked in the page's order.
 */
export function ProductOptionsField({
  groups,
  value,
  onChange,
  error,
}: {
  groups: Array<Pick<EditorOptionGroup, 'id' | 'name' | 'options'>>;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const toggle = (id: number, on: boolean) => onChange(groups.map((g) => g.id).filter((g) => (g === id ? on : value.includes(g))));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'product-options-error' : undefined}>
      <legend className="mb-1 font-medium">{t`Options`}</legend>
      {groups.length === 0 ? (
        <p className="text-sm text-muted">{t`No option groups yet: add sizes, milks or extras on the Options page.`}</p>
      ) : (
        groups.map((g) => (
          <CheckField
            key={g.id}
            label={g.name}
            hint={g.options.map((o) => o.name).join(', ')}
            checked={value.includes(g.id)}
            onChange={(on) => toggle(g.id, on)}
          />
        ))
      )}
      <FieldNotes id="product-options" error={error} />
    </fieldset>
  );
}
