import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';
import linguiSourceMessages from './lingui-source-messages.ts';

/**
 * Lingui (docs/languages.md) for every Vite build of our React code: the customer app, the merchant
 * console (whose screens share src/ui with the app), Storybook and vitest. Its macros (`t`, `<Trans>`,
 * `plural`) go through Babel, only in the files that import them, keeping each source message, which
 * lingui-source-messages.ts compiles in place (English needs no catalogue); `lingui()` compiles a PO
 * catalogue when the code imports one. Put them before React's plugin, which must see the `<Trans>` the
 * macro made: a build without them fails at run time with Lingui's "macro … executed outside the context
 * of compilation", as the console did once.
 */
export function linguiPlugins(): PluginOption[] {
  process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';
  const macro = linguiTransformerBabelPreset({ descriptorFields: 'message' });
  macro.preset = { plugins: [...(macro.preset as { plugins: unknown[] }).plugins, linguiSourceMessages] };
  return [babel({ presets: [macro] }), lingui()];
}
