import type { MessageDescriptor } from '@lingui/core';
import type { ReasonWords } from '../../db/schema';
import { pointsReason } from '../i18n/messages';
import { sayIn, type Say } from '../i18n/translate';
import { SOURCE_LANGUAGE } from '#contract/languages';

/**
 * A points entry's reason in the reader's language (docs/languages.md): the entry keeps its English `reason` and,
 * since migration 0070, its words (a message of pointsReason and its values), rendered when read. An entry without
 * words (older, or written by a part of the provider that gives none), or with words of a message no longer in the
 * catalogue, reads its English `reason`.
 */

const KNOWN = new Map<string, MessageDescriptor>(Object.values(pointsReason).map((m) => [m.id, m]));

/** The words of a reason, with the English text the ledger keeps beside them (the webhooks' and the console's). */
export interface Reason {
  reason: string;
  words: ReasonWords;
}

const english = sayIn(SOURCE_LANGUAGE);

/** A reason's words and its English, at once, so the two never say different things. */
export function reasonOf(message: MessageDescriptor, values: Record<string, string | number> = {}): Reason {
  return { reason: english(message, values), words: { id: message.id!, values } };
}

/** The reason as the reader reads it: its words in `say`'s language, else the stored English. */
export function reasonIn(say: Say, row: { reason: string; reason_words?: ReasonWords | null }): string {
  const message = row.reason_words ? KNOWN.get(row.reason_words.id) : undefined;
  return message ? say(message, row.reason_words!.values ?? {}) : row.reason;
}
