import { Trans } from '@lingui/react/macro';
import { CheckField, nestedProblem, type SaveProblem } from './editor-fields';

/** The menu a picker offers: its categories with their products. */
export interface RuleMenu {
  categories: ReadonlyArray<{ id: number; name: string; products: ReadonlyArray<{ id: number; name: string; price: number }> }>;
}

export interface ProductPickerProps {
  /** the chosen products and whole categories */
  value: { product_ids: number[]; category_ids: number[] };
  onChange: (field: 'product_ids' | 'category_ids', ids: number[]) => void;
  /** undefined while it loads */
  menu: RuleMenu | undefined;
  legend: string;
  /** the form's or the provider's problems, the fields inside `wrapper` on an update (`rule.product_ids`) */
  problem: SaveProblem | null;
  wrapper: string;
}

/** A choice of products (earning rules, stamp cards, offers): a whole category, or some of its products, ticked from the menu. */
export function ProductPicker({ value: { product_ids: productIds, category_ids: categoryIds }, onChange, menu, legend, problem, wrapper }: ProductPickerProps) {
  const error = nestedProblem(problem, wrapper, 'product_ids', null) ?? nestedProblem(problem, wrapper, 'category_ids', null);
  const toggle = (field: 'product_ids' | 'category_ids', ids: number[], id: number, on: boolean) =>
    onChange(field, on ? [...ids, id] : ids.filter((x) => x !== id));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-medium">{legend}</legend>
      <p className="text-sm text-muted">
        <Trans>A whole category, or some of its products.</Trans>
      </p>
      {!menu ? (
        <p className="text-muted">
          <Trans>Loading the menu…</Trans>
        </p>
      ) : menu.categories.length === 0 ? (
        <p className="text-muted">
          <Trans>The menu has no products yet.</Trans>
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {menu.categories.map((c) => {
            const whole = categoryIds.includes(c.id);
            const category = c.name;
            return (
              <div key={c.id} className="flex flex-col gap-2 rounded-lg border border-border p-3">
                <CheckField label={<Trans>All of {category}</Trans>} checked={whole} onChange={(on) => toggle('category_ids', categoryIds, c.id, on)} />
                <div className="flex flex-col gap-2 pl-6">
                  {c.products.map((p) => (
                    <CheckField
                      key={p.id}
                      label={p.name}
                      checked={whole || productIds.includes(p.id)}
                      disabled={whole}
                      onChange={(on) => toggle('product_ids', productIds, p.id, on)}
                    />
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      )}
      {error && <p className="text-sm font-medium text-danger">{error}</p>}
    </fieldset>
  );
}
