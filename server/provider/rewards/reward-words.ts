/** "A Free latte", "An Iced latte": a reward's title as a notice begins with it ("… voucher is waiting"). */
export const withArticle = (title: string) => `${/^[aeiou]/i.test(title) ? 'An' : 'A'} ${title}`;
