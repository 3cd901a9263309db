import { t } from '@lingui/core/macro';

/**
 * "Free Ube latte" under a reward's title, or null when there is nothing to add: no product, or a title
 * that already says it ("Free Ube latte" titled so by the owner read twice in My rewards, issue 46).
 * The owner writes titles in the shop's own words, so a title saying it in English counts too.
 */
export function freeProductWords(reward: { title: string; free_product?: string | null }): string | null {
  if (!reward.free_product) return null;
  const product = reward.free_product;
  const words = t`Free ${product}`;
  const plain = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
  const title = plain(reward.title);
  return title.includes(plain(words)) || title.includes(plain(`Free ${product}`)) ? null : words;
}
