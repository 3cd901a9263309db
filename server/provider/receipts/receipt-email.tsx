/**
 * The receipt e-mails (issue 51), built with React Email's components and rendered on the server to HTML
 * and a plain-text part: an order's (renderReceiptEmail), and a wallet top-up's or a gift card's
 * (renderPurchaseEmail), in one frame (the shop's brand, the link, why it came). The components are
 * passed in (`ui`): the server loads `@react-email/components` only when it first sends a receipt (about
 * half a second of loading that a start-up should not pay), and the story (stories/emails/receipt-email.stories.tsx) passes them in as it
 * imports them. It reads nothing but its props, so the story shows exactly what is sent.
 */
import type * as Ui from '@react-email/components';
import { formatMoney } from '#contract/money';
import type { PurchaseReceipt, Receipt } from '#contract/receipts';
import { optionWords, paymentWords, purchaseWords, receiptTotals } from '#contract/receipt-rules';
import type { ReactElement, ReactNode } from 'react';

type EmailUi = typeof Ui;

export interface ReceiptEmailProps {
  ui: EmailUi;
  receipt: Receipt;
  /** the receipt page's signed link */
  link: string;
  /** the customer's first name, for the greeting */
  firstName: string;
  /** the customer's tier and what is left to the next, when the shop has tiers */
  tier?: string | null;
}

const ink = '#111111';
const muted = '#555555';

/** When it was completed or paid, in the shop's time zone. */
const receiptWhen = (locale: string, timeZone: string, at: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

type Shop = Receipt['shop'];

/** Every receipt e-mail's frame: the shop's brand, the greeting, the receipt's own rows, the shop's tax number and the link. */
function Frame({
  ui,
  shop,
  preview,
  greeting,
  link,
  children,
}: {
  ui: EmailUi;
  shop: Shop;
  preview: string;
  greeting: string;
  link: string;
  children: ReactNode;
}) {
  const { Html, Head, Preview, Body, Container, Section, Row, Column, Text, Heading, Img, Button } = ui;
  const cell = { margin: '2px 0', fontSize: '14px', color: ink };
  return (
    <Html lang="en">
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
            {shop.tax_number ? <Text style={{ ...cell, color: muted }}>{`Tax number: ${shop.tax_number}`}</Text> : null}
            <Section style={{ textAlign: 'center', padding: '16px 0' }}>
              <Button href={link} style={{ backgroundColor: shop.brand_color, color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontSize: '14px' }}>
                View your receipt
              </Button>
            </Section>
            <Text style={{ ...cell, fontSize: '12px', color: muted }}>
              {`Anyone with this link can see this receipt (never your phone number or e-mail address). You get receipts because you chose them in your profile at ${shop.name}; change it there.`}
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

export function ReceiptEmail({ ui, receipt, link, firstName, tier }: ReceiptEmailProps) {
  const { Text, Hr } = ui;
  const { shop, order } = receipt;
  const money = (n: number) => formatMoney(n, receipt.currency, receipt.locale);
  const cell = { margin: '2px 0', fontSize: '14px', color: ink };
  return (
    <Frame
      ui={ui}
      shop={shop}
      preview={`Your receipt for order ${order.name} at ${shop.name}: ${money(order.total)}`}
      greeting={`Thank you, ${firstName}! Here is your receipt.`}
      link={link}
    >
      <Text
        style={{ ...cell, color: muted }}
      >{`Order ${order.name} · ${receiptWhen(receipt.locale, receipt.timezone, order.completed_at ?? order.placed_at)}`}</Text>
      <Text style={{ ...cell, color: muted }}>{order.fulfilment === 'delivery' ? 'Delivery' : `Pickup${order.location ? ` at ${order.location}` : ''}`}</Text>
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
      {receiptTotals(order).map((t) => (
        <Line key={t.label} ui={ui} label={t.label} amount={t.amount < 0 ? `−${money(-t.amount)}` : money(t.amount)} bold={t.total === true} />
      ))}
      <Text style={{ ...cell, color: muted }}>{`Paid with: ${paymentWords(order.payment_method)}`}</Text>
      {order.points_earned > 0 ? <Text style={cell}>{`You earned ${order.points_earned} ${order.points_earned === 1 ? 'point' : 'points'}.`}</Text> : null}
      {tier ? <Text style={cell}>{tier}</Text> : null}
    </Frame>
  );
}

export interface PurchaseEmailProps {
  ui: EmailUi;
  receipt: PurchaseReceipt;
  /** the receipt page's signed link */
  link: string;
  /** the customer's first name, for the greeting */
  firstName: string;
}

/** A wallet top-up's or a gift card's receipt: what, how much, how it was paid, and the new balance or the card's masked number. */
export function PurchaseEmail({ ui, receipt, link, firstName }: PurchaseEmailProps) {
  const { Text, Hr } = ui;
  const { shop, purchase } = receipt;
  const money = (n: number) => formatMoney(n, receipt.currency, receipt.locale);
  const cell = { margin: '2px 0', fontSize: '14px', color: ink };
  const what = purchaseWords(purchase);
  return (
    <Frame
      ui={ui}
      shop={shop}
      preview={`Your receipt for ${what} at ${shop.name}: ${money(purchase.amount)}`}
      greeting={`Thank you, ${firstName}! Here is your receipt.`}
      link={link}
    >
      <Text style={{ ...cell, color: muted }}>{`Receipt ${purchase.reference} · ${receiptWhen(receipt.locale, receipt.timezone, purchase.paid_at)}`}</Text>
      <Hr />
      <Line ui={ui} label={what} amount={money(purchase.amount)} />
      <Hr />
      <Line ui={ui} label="Total" amount={money(purchase.amount)} bold />
      <Text style={{ ...cell, color: muted }}>{`Paid with: ${paymentWords(purchase.payment_method)}`}</Text>
      {purchase.balance !== null ? <Text style={cell}>{`Your wallet balance is now ${money(purchase.balance)}.`}</Text> : null}
      {purchase.kind === 'gift_card' ? (
        <Text style={cell}>The card goes to the person you chose, with its code; only they can add it to their wallet.</Text>
      ) : null}
    </Frame>
  );
}

/** An e-mail's HTML and plain text, React Email's components loaded once they are needed. */
async function renderBoth(element: (ui: EmailUi) => ReactElement, link: string): Promise<{ html: string; text: string }> {
  const [ui, { render }] = await Promise.all([import('@react-email/components'), import('@react-email/render')]);
  const made = element(ui);
  const [html, text] = await Promise.all([render(made), render(made, { plainText: true })]);
  return { html, text: `${text}\n\nView your receipt: ${link}\n` };
}

/** The receipt e-mail's subject, HTML and plain text. */
export async function renderReceiptEmail(props: Omit<ReceiptEmailProps, 'ui'>): Promise<{ subject: string; html: string; text: string }> {
  const parts = await renderBoth((ui) => <ReceiptEmail ui={ui} {...props} />, props.link);
  return { subject: `Your receipt from ${props.receipt.shop.name}: order ${props.receipt.order.name}`, ...parts };
}

/** A top-up's or a gift card's receipt e-mail: its subject, HTML and plain text. */
export async function renderPurchaseEmail(props: Omit<PurchaseEmailProps, 'ui'>): Promise<{ subject: string; html: string; text: string }> {
  const parts = await renderBoth((ui) => <PurchaseEmail ui={ui} {...props} />, props.link);
  return { subject: `Your receipt from ${props.receipt.shop.name}: ${purchaseWords(props.receipt.purchase)}`, ...parts };
}
