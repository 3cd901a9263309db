/**
 * "Free Ube latte" under a reward's title, or null when there is nothing to add: no product, or a title
 * that already says it ("Free Ube latte" titled so by the owner read twice in My rewards, issue 46).
 */
export function freeProductWords(reward: { title: string; free_product?: string | null }): string | null {
  if (!reward.free_product) return null;
  const words = `Free ${reward.free_product}`;
  const plain = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
  return plain(reward.title).includes(plain(words)) ? null : words;
}
