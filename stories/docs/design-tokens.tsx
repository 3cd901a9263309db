/**
 * The design-system pages' tables (stories/docs/*.mdx): the colour tokens read from the stylesheet the app
 * ships (src/ui/theme/tokens.css) with their contrast ratios computed here, each demo merchant's tokens as
 * themeFromSettings makes them, and the type scale, spacing and radii the screens use. Nothing is typed
 * twice: a token changed in the stylesheet changes these pages.
 */
import tokensCss from '../../src/ui/theme/tokens.css?raw';
import { contrastRatio, parseColor } from '../../src/ui/theme/color';
import { themeFromSettings } from '../../src/ui/theme/theme';
import { merchantSettings, settingsFor, THEME_NAMES, type MerchantName } from '../fixtures/settings';

/** `--color-name: #hex;` pairs of the stylesheet's :root, in its order. */
export const COLOUR_TOKENS: ReadonlyArray<{ name: string; value: string }> = Array.from(
  tokensCss.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{3,8})\s*;/gi),
  (m) => ({ name: m[1]!, value: m[2]!.toLowerCase() }),
);

const tokenValue = (name: string) => COLOUR_TOKENS.find((t) => t.name === name)?.value ?? '#ffffff';

/** WCAG 2.x contrast of two colours, to two decimals ("–" when one cannot be read). */
export function ratio(fg: string, bg: string): string {
  const a = parseColor(fg);
  const b = parseColor(bg);
  return a && b ? `${(Math.round(contrastRatio(a, b) * 100) / 100).toFixed(2)}:1` : '–';
}

/** What a ratio passes: AA body text (4.5), AA large text and controls (3), or nothing. */
function verdict(fg: string, bg: string): string {
  const a = parseColor(fg);
  const b = parseColor(bg);
  if (!a || !b) return '';
  const r = contrastRatio(a, b);
  return r >= 7 ? 'AAA' : r >= 4.5 ? 'AA' : r >= 3 ? 'AA large text, controls' : 'decoration only';
}

/** The background a token is read on: text on its own "-contrast" partner, anything else on the page and on a card. */
const PAIRS: Record<string, string> = { brand: 'brand-contrast', accent: 'accent-contrast', danger: 'danger-contrast' };

function Swatch({ colour }: { colour: string }) {
  return <span aria-hidden="true" className="inline-block size-6 rounded-md border border-border align-middle" style={{ background: colour }} />;
}

/** Every colour token of the stylesheet, its default value and its contrast on the surface, on a card and with its partner. */
export function ColourTokens() {
  const surface = tokenValue('surface');
  const raised = tokenValue('surface-raised');
  return (
    <table>
      <caption>Colour tokens (defaults of src/ui/theme/tokens.css; a merchant’s settings replace brand, accent and focus)</caption>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Value</th>
          <th scope="col">On the surface</th>
          <th scope="col">On a card</th>
          <th scope="col">With its partner</th>
        </tr>
      </thead>
      <tbody>
        {COLOUR_TOKENS.map(({ name, value }) => {
          const partner = PAIRS[name];
          return (
            <tr key={name}>
              <th scope="row">
                <code>--color-{name}</code>
              </th>
              <td>
                <Swatch colour={value} /> <code>{value}</code>
              </td>
              <td>
                {ratio(value, surface)} <small>{verdict(value, surface)}</small>
              </td>
              <td>
                {ratio(value, raised)} <small>{verdict(value, raised)}</small>
              </td>
              <td>
                {partner ? (
                  <>
                    {ratio(tokenValue(partner), value)} <small>text in {partner}</small>
                  </>
                ) : (
                  ''
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One merchant's tokens in each theme, as the app computes them from the settings (themeFromSettings). */
export function MerchantTokens({ merchant }: { merchant: MerchantName }) {
  const surface = tokenValue('surface');
  const themes = THEME_NAMES.map((t) => ({ theme: t, vars: themeFromSettings(settingsFor(merchant, t)).vars }));
  const names = Object.keys(themes[0]!.vars);
  return (
    <table>
      <caption>
        {merchantSettings[merchant].setting_company}: the tokens its settings make, in the toolbar’s three themes (contrast of
        the brand ink on the surface, of text on the brand)
      </caption>
      <thead>
        <tr>
          <th scope="col">Token</th>
          {themes.map(({ theme }) => (
            <th scope="col" key={theme}>
              {theme === 'contrast' ? 'High contrast' : theme === 'lite' ? 'Lite' : 'Full'}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {names.map((name) => (
          <tr key={name}>
            <th scope="row">
              <code>{name}</code>
            </th>
            {themes.map(({ theme, vars }) => (
              <td key={theme}>
                <Swatch colour={vars[name]!} /> <code>{vars[name]}</code>
                {name === '--color-brand-ink' && <small> {ratio(vars[name]!, surface)} on the surface</small>}
                {name === '--color-brand-contrast' && <small> {ratio(vars[name]!, vars['--color-brand']!)} on the brand</small>}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The text sizes the screens use, largest first, with what each is for. */
const TYPE_SCALE = [
  ['text-3xl', '1.875rem / 30 px', 'a big figure: the points balance, the wallet'],
  ['text-2xl', '1.5rem / 24 px', 'a page’s own heading on a landing page'],
  ['text-xl', '1.25rem / 20 px', 'a page’s heading'],
  ['text-lg', '1.125rem / 18 px', 'a section’s or a card’s heading'],
  ['text-base', '1rem / 16 px', 'body text, fields (16 px: phones do not zoom into a field)'],
  ['text-sm', '0.875rem / 14 px', 'secondary text, lists, notes (the most used)'],
  ['text-xs', '0.75rem / 12 px', 'badges, fine print; never a sentence a customer must read'],
] as const;

export function TypeScale() {
  return (
    <table>
      <caption>Type scale (Inter Variable; Tailwind’s sizes)</caption>
      <tbody>
        {TYPE_SCALE.map(([cls, size, use]) => (
          <tr key={cls}>
            <th scope="row">
              <code>{cls}</code>
              <br />
              <small>{size}</small>
            </th>
            <td>
              <span className={cls}>Free Latte, any size</span>
              <br />
              <small>{use}</small>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The spacing steps the screens use (Tailwind’s 4 px step: `gap-3` is 12 px). */
const SPACING = [
  ['1', '4 px', 'an icon and its label'],
  ['2', '8 px', 'items in a row, a field’s label and its box'],
  ['3', '12 px', 'cards in a list (the most used)'],
  ['4', '16 px', 'a card’s padding, a page’s side margin on a phone'],
  ['6', '24 px', 'sections of a page'],
  ['8', '32 px', 'a page’s top and bottom on a desktop'],
] as const;

export function SpacingScale() {
  return (
    <table>
      <caption>Spacing</caption>
      <tbody>
        {SPACING.map(([step, px, use]) => (
          <tr key={step}>
            <th scope="row">
              <code>gap-{step}</code>, <code>p-{step}</code>
            </th>
            <td>
              <span aria-hidden="true" className="inline-block h-3 bg-brand align-middle" style={{ width: px.replace(' ', '') }} /> {px}: {use}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const RADII = [
  ['rounded', '4 px', 'small marks'],
  ['rounded-lg', '8 px', 'fields, buttons'],
  ['rounded-xl', '12 px', 'cards (the most used)'],
  ['rounded-2xl', '16 px', 'sheets and dialogs'],
  ['rounded-full', 'round', 'badges, avatars, the stamps'],
] as const;

export function Radii() {
  return (
    <table>
      <caption>Corner radii</caption>
      <tbody>
        {RADII.map(([cls, size, use]) => (
          <tr key={cls}>
            <th scope="row">
              <code>{cls}</code>
            </th>
            <td>
              <span aria-hidden="true" className={`inline-block size-10 border-2 border-brand-ink bg-surface-raised align-middle ${cls}`} /> {size}: {use}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
