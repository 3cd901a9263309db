/**
 * Lingui (docs/languages.md): its macros (`t`, `<Trans>`, `plural`, `msg`) through Babel, only in the files
 * that import them, keeping each source message, which scripts/lib/lingui-source-messages.ts compiles in
 * place (English needs no catalogue). Before React's plugin, which must see the `<Trans>` the macro made.
 * The app, Storybook, vitest and the merchant console's build (which shares the screens' word helpers:
 * the order statuses, dates) all use it: a macro left untransformed throws when it runs.
 */
import babel from '@rolldown/plugin-babel';
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import linguiSourceMessages from './lingui-source-messages.ts';

process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';
const linguiMacro = linguiTransformerBabelPreset({ descriptorFields: 'message' });
linguiMacro.preset = { plugins: [...(linguiMacro.preset as { plugins: unknown[] }).plugins, linguiSourceMessages] };

export const linguiMacros = () => babel({ presets: [linguiMacro] });
