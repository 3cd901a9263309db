import { readFileSync } from 'node:fs';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** A shipped catalogue (src/locales/<lang>) as the app reads it: msgid → compiled translation (the msgid where none). */
export function compiledCatalogue(lang: string): Messages {
  const po = readFileSync(`src/locales/${lang}/messages.po`, 'utf8');
  const out: Messages = {};
  for (const m of po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    const [id, str] = [JSON.parse(`"${m[1]}"`) as string, JSON.parse(`"${m[2]}"`) as string];
    if (id) out[id] = compileMessage(str || id);
  }
  return out;
}
