/**
 * The receipt e-mails (issue 51), built with React Email's components and rendered on the server to HTML
 * and a plain-text part: an order's (renderReceiptEmail), and a wallet top-up's or a gift card's
 * (renderPurchaseEmail), in one frame (the shop's brand, the link, why it came). The components are
 * passed in (`ui`): the server loads `@react-email/components` only when it first sends a receipt (about
 * half a second of loading that a start-up should not pay), and the story (stories/emails/receipt-email.stories.tsx) passes them in as it
 * imports them. It reads nothing but its props, so the story shows exactly what is sent. Its words are in the
 * customer's language (`language`, English when none: docs/app.md, "What the shop sends"); money and dates in the shop's locale.
 */
import type * as Ui from '@react-email/components';
import { SOURCE_LANGUAGE, type Language } from '#contract/languages';
import { formatMoney } from '#contract/money';
import type { PurchaseReceipt, Receipt } from '#contract/receipts';
import { optionWords } from '#contract/receipt-rules';
import { ratePercent } from '#contract/tax-rules';
import type { ReactElement, ReactNode } from 'react';
import { receipt as words } from '../i18n/messages';
import { sayIn, type Say } from '../i18n/translate';

type EmailUi = typeof Ui;

export interface ReceiptEmailProps {
  ui: EmailUi;
  receipt: Receipt;
  /** the receipt page's signed link */
  link: string;
  /** the customer's first name, for the greeting (null: none known) */
  firstName: string | null;
  /** the customer's tier and what is left to the next, when the shop has tiers (in their language) */
  tier?: string | null;
  /** the customer's language (English when none) */
  language?: Language;
}

const ink = '#111111';
const muted = '#555555';

/** When it was completed or paid, in the shop's time zone. */
const receiptWhen = (locale: string, timeZone: string, at: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

type Shop = Receipt['shop'];

/** "Thank you, Maria! Here is your receipt." */
const greetingOf = (say: Say, firstName: string | null) => (firstName ? say(words.greeting, { name: firstName }) : say(words.greetingNoName));

/** How the order was paid, in words. */
const paymentIn = (say: Say, method: 'wallet' | 'gateway' | 'counter') =>
  say(method === 'wallet' ? words.payWallet : method === 'counter' ? words.payCounter : words.payCard);

/** What a top-up or gift-card receipt says was bought: `Wallet top-up`, `Gift card …K7QX`. */
const purchaseIn = (say: Say, p: PurchaseReceipt['purchase']) => (p.kind === 'topup' ? say(words.topup) : say(words.giftCard, { last4: p.card_last4 ?? '' }));

/** A receipt's totals in the order they are printed (as the receipt page's `receiptTotals`), each labelled in the customer's language. */
function totalsIn(say: Say, order: Receipt['order']): { label: string; amount: number; total?: true }[] {
  const rows: { label: string; amount: number; total?: true }[] = [{ label: say(words.subtotal), amount: order.subtotal }];
  if (order.discount > 0) {
    rows.push({ label: order.discount_label ? say(words.discountNamed, { name: order.discount_label }) : say(words.discount), amount: -order.discount });
  }
  if (order.fulfilment === 'delivery') rows.push({ label: say(words.deliveryFee), amount: order.delivery_fee });
  if (order.tip) rows.push({ label: say(words.tip), amount: order.tip });
  const included = order.taxes?.included === true;
  const taxes = (order.taxes?.lines ?? []).map((l) => ({
    label: say(included ? words.taxIncluded : words.tax, { tax: l.name, rate: ratePercent(l.rate) }),
    amount: l.amount,
  }));
  if (!included) rows.push(...taxes);
  rows.push({ label: say(words.total), amount: order.total, total: true });
  if (included) rows.push(...taxes);
  return rows;
}

/** Every receipt e-mail's frame: the shop's brand, the greeting, the receipt's own rows, the shop's tax number and the link. */
function Frame({
  ui,
  say,
  lang,
  shop,
  preview,
  greeting,
  link,
  children,
}: {
  ui: EmailUi;
  say: Say;
  lang: Language;
  shop: Shop;
  preview: string;
  greeting: string;
  link: string;
  children: ReactNode;
}) {
  const { Html, Head, Preview, Body, Container, Section, Row, Column, Text, Heading, Img, Button } = ui;
  const cell = { margin: '2px 0', fontSize: '14px', color: ink };
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '560px', borderRadius: '8px', overflow: 'hidden' }}>
          <Section style={{ backgroundColor: shop.brand_color, padding: '20px 24px' }}>
            <Row>
              {shop.logo ? (
                <Column style={{ width: '56px' }}>
                  <Img src={shop.logo} alt="" width="48" height="48" style={{ borderRadius: '8px', backgroundColor: '#ffffff' }} />
                </Column>
              ) : null}
              <Column>
                <Heading as="h1" style={{ margin: 0, fontSize: '20px', color: '#ffffff' }}>
                  {shop.name}
                </Heading>
              </Column>
            </Row>
          </Section>
          <Section style={{ padding: '8px 24px' }}>
            <Text style={{ fontSize: '16px', color: ink }}>{greeting}</Text>
            {children}
            {shop.tax_number ? <Text style={{ ...cell, color: muted }}>{say(words.taxNumber, { number: shop.tax_number })}</Text> : null}
            <Section style={{ textAlign: 'center', padding: '16px 0' }}>
              <Button href={link} style={{ backgroundColor: shop.brand_color, color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontSize: '14px' }}>
                {say(words.view)}
              </Button>
            </Section>
            <Text style={{ ...cell, fontSize: '12px', color: muted }}>
              {say(words.why, { shop: shop.name })}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A label and its amount, side by side. */
function Line({ ui, label, amount, bold = false }: { ui: EmailUi; label: string; amount: string; bold?: boolean }) {
  const { Row, Column, Text } = ui;
  const cell = { margin: '2px 0', fontSize: '14px', color: ink, fontWeight: bold ? 700 : 400 };
  return (
    <Row>
      <Column>
        <Text style={cell}>{label}</Text>
      </Column>
      <Column style={{ textAlign: 'right', verticalAlign: 'top' }}>
        <Text style={cell}>{amount}</Text>
      </Column>
    </Row>
  );
}

export function ReceiptEmail({ ui, receipt, link, firstName, tier, language = SOURCE_LANGUAGE }: ReceiptEmailProps) {
  const { Text, Hr } = ui;
  const { shop, order } = receipt;
  const money = (n: number) => formatMoney(n, receipt.currency, receipt.locale);
  const cell = { margin: '2px 0', fontSize: '14px', color: ink };
  const say = sayIn(language);
  const when = receiptWhen(receipt.locale, receipt.timezone, order.completed_at ?? order.placed_at);
  const fulfilment =
    order.fulfilment === 'delivery' ? say(words.delivery) : order.location ? say(words.pickupAt, { place: order.location }) : say(words.pickup);
  return (
    <Frame
      ui={ui}
      say={say}
      lang={language}
      shop={shop}
      preview={say(words.preview, { order: order.name, shop: shop.name, amount: money(order.total) })}
      greeting={greetingOf(say, firstName)}
      link={link}
    >
      <Text style={{ ...cell, color: muted }}>{say(words.orderWhen, { order: order.name, when })}</Text>
      <Text style={{ ...cell, color: muted }}>{fulfilment}</Text>
      <Hr />
      {order.lines.map((line, i) => (
        <ui.Row key={i}>
          <ui.Column>
            <Text style={cell}>{`${line.qty} × ${line.name}`}</Text>
            {line.options.map((o, j) => (
              <Text key={j} style={{ ...cell, fontSize: '12px', color: muted }}>
                {optionWords(o, money)}
              </Text>
            ))}
          </ui.Column>
          <ui.Column style={{ textAlign: 'right', verticalAlign: 'top' }}>
            <Text style={cell}>{money(line.total)}</Text>
          </ui.Column>
        </ui.Row>
      ))}
      <Hr />
      {totalsIn(say, order).map((t) => (
        <Line key={t.label} ui={ui} label={t.label} amount={t.amount < 0 ? `−${money(-t.amount)}` : money(t.amount)} bold={t.total === true} />
      ))}
      <Text style={{ ...cell, color: muted }}>{say(words.paidWith, { method: paymentIn(say, order.payment_method) })}</Text>
      {order.points_earned > 0 ? <Text style={cell}>{say(words.points, { points: order.points_earned })}</Text> : null}
      {tier ? <Text style={cell}>{tier}</Text> : null}
    </Frame>
  );
}

export interface PurchaseEmailProps {
  ui: EmailUi;
  receipt: PurchaseReceipt;
  /** the receipt page's signed link */
  link: string;
  /** the customer's first name, for the greeting (null: none known) */
  firstName: string | null;
  /** the customer's language (English when none) */
  language?: Language;
}

/** A wallet top-up's or a gift card's receipt: what, how much, how it was paid, and the new balance or the card's masked number. */
export function PurchaseEmail({ ui, receipt, link, firstName, language = SOURCE_LANGUAGE }: PurchaseEmailProps) {
  const { Text, Hr } = ui;
  const { shop, purchase } = receipt;
  const money = (n: number) => formatMoney(n, receipt.currency, receipt.locale);
  const cell = { margin: '2px 0', fontSize: '14px', color: ink };
  const say = sayIn(language);
  const what = purchaseIn(say, purchase);
  const when = receiptWhen(receipt.locale, receipt.timezone, purchase.paid_at);
  return (
    <Frame
      ui={ui}
      say={say}
      lang={language}
      shop={shop}
      preview={say(words.purchasePreview, { what, shop: shop.name, amount: money(purchase.amount) })}
      greeting={greetingOf(say, firstName)}
      link={link}
    >
      <Text style={{ ...cell, color: muted }}>{say(words.purchaseWhen, { reference: purchase.reference, when })}</Text>
      <Hr />
      <Line ui={ui} label={what} amount={money(purchase.amount)} />
      <Hr />
      <Line ui={ui} label={say(words.total)} amount={money(purchase.amount)} bold />
      <Text style={{ ...cell, color: muted }}>{say(words.paidWith, { method: paymentIn(say, purchase.payment_method) })}</Text>
      {purchase.balance !== null ? <Text style={cell}>{say(words.balance, { balance: money(purchase.balance) })}</Text> : null}
      {purchase.kind === 'gift_card' ? <Text style={cell}>{say(words.giftCardGoes)}</Text> : null}
    </Frame>
  );
}

/** An e-mail's HTML and plain text, React Email's components loaded once they are needed. */
async function renderBoth(element: (ui: EmailUi) => ReactElement, link: string, say: Say): Promise<{ html: string; text: string }> {
  const [ui, { render }] = await Promise.all([import('@react-email/components'), import('@react-email/render')]);
  const made = element(ui);
  const [html, text] = await Promise.all([render(made), render(made, { plainText: true })]);
  return { html, text: `${text}\n\n${say(words.viewLink, { link })}\n` };
}

/** The receipt e-mail's subject, HTML and plain text. */
export async function renderReceiptEmail(props: Omit<ReceiptEmailProps, 'ui'>): Promise<{ subject: string; html: string; text: string }> {
  const say = sayIn(props.language ?? SOURCE_LANGUAGE);
  const parts = await renderBoth((ui) => <ReceiptEmail ui={ui} {...props} />, props.link, say);
  return { subject: say(words.subject, { shop: props.receipt.shop.name, order: props.receipt.order.name }), ...parts };
}

/** A top-up's or a gift card's receipt e-mail: its subject, HTML and plain text. */
export async function renderPurchaseEmail(props: Omit<PurchaseEmailProps, 'ui'>): Promise<{ subject: string; html: string; text: string }> {
  const say = sayIn(props.language ?? SOURCE_LANGUAGE);
  const parts = await renderBoth((ui) => <PurchaseEmail ui={ui} {...props} />, props.link, say);
  return { subject: say(words.purchaseSubject, { shop: props.receipt.shop.name, what: purchaseIn(say, props.receipt.purchase) }), ...parts };
}
