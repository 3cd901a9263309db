import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '#i18n/i18n';

/**
 * A table of the console's words read by key (a role's name, a camera problem), kept as `msg` descriptors
 * and each translated when it is read, in the language spoken then (as the screens' ORDER_STATUS_LABEL):
 * a table built once at load would keep the language of that moment.
 */
export function spoken<K extends string>(words: Record<K, MessageDescriptor>): Readonly<Record<K, string>> {
  const getters = Object.entries<MessageDescriptor>(words).map(([key, m]) => [key, { get: () => i18n._(m), enumerable: true }]);
  return Object.defineProperties({}, Object.fromEntries(getters)) as Readonly<Record<K, string>>;
}
