/**
 * The `<Trans>` Lingui's macro renders (lingui.config.ts `runtimeConfigModule`): @lingui/react's own,
 * fed the app's instance by useLingui. In a module of its own, so only the pages that show a `<Trans>`
 * load its rich-text formatting.
 */
import type { TransProps } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';
import { useLingui } from './use-lingui';

export function Trans(props: TransProps) {
  const lingui = useLingui();
  return <TransNoContext {...props} lingui={lingui} />;
}
