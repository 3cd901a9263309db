/**
 * The receipt e-mail (issue 51), built with React Email's components and rendered on the server to HTML
 * and a plain-text part (renderReceiptEmail). The components are passed in (`ui`): the server loads
 * `@react-email/components` only when it first sends a receipt (about half a second of loading that a
 * start-up should not pay), and the story (stories/emails/receipt-email.stories.tsx) passes them in as it
 * imports them. It reads nothing but its props, so the story shows exactly what is sent.
 */
import type * as Ui from '@react-email/components';
import { formatMoney } from '#contract/money';
import type { Receipt } from '#contract/receipts';
import { optionWords, paymentWords, receiptTotals } from '#contract/receipt-rules';

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

/** The date and time the order completed (placed, for an older one), in the shop's time zone. */
const receiptWhen = (r: Receipt) =>
  new Intl.DateTimeFormat(r.locale, { timeZone: r.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(r.order.completed_at ?? r.order.placed_at),
  );

export function ReceiptEmail({ ui, receipt, link, firstName, tier }: ReceiptEmailProps) {
  const { Html, Head, Preview, Body, Container, Section, Row, Column, Text, Heading, Img, Hr, Button } = ui;
  const { shop, order } = receipt;
  const money = (n: number) => formatMoney(n, receipt.currency, receipt.locale);
  const cell = { margin: '2px 0', fontSize: '14px', color: ink };
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Your receipt for order ${order.name} at ${shop.name}: ${money(order.total)}`}</Preview>
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
            <Text style={{ fontSize: '16px', color: ink }}>{`Thank you, ${firstName}! Here is your receipt.`}</Text>
            <Text style={{ ...cell, color: muted }}>{`Order ${order.name} · ${receiptWhen(receipt)}`}</Text>
            <Text style={{ ...cell, color: muted }}>
              {order.fulfilment === 'delivery' ? 'Delivery' : `Pickup${order.location ? ` at ${order.location}` : ''}`}
            </Text>
            <Hr />
            {order.lines.map((line, i) => (
              <Row key={i}>
                <Column>
                  <Text style={cell}>{`${line.qty} × ${line.name}`}</Text>
                  {line.options.map((o, j) => (
                    <Text key={j} style={{ ...cell, fontSize: '12px', color: muted }}>
                      {optionWords(o, money)}
                    </Text>
                  ))}
                </Column>
                <Column style={{ textAlign: 'right', verticalAlign: 'top' }}>
                  <Text style={cell}>{money(line.total)}</Text>
                </Column>
              </Row>
            ))}
            <Hr />
            {receiptTotals(order).map((t) => (
              <Row key={t.label}>
                <Column>
                  <Text style={{ ...cell, fontWeight: t.total ? 700 : 400 }}>{t.label}</Text>
                </Column>
                <Column style={{ textAlign: 'right' }}>
                  <Text style={{ ...cell, fontWeight: t.total ? 700 : 400 }}>{t.amount < 0 ? `−${money(-t.amount)}` : money(t.amount)}</Text>
                </Column>
              </Row>
            ))}
            <Text style={{ ...cell, color: muted }}>{`Paid with: ${paymentWords(order.payment_method)}`}</Text>
            {shop.tax_number ? <Text style={{ ...cell, color: muted }}>{`Tax number: ${shop.tax_number}`}</Text> : null}
            {order.points_earned > 0 ? (
              <Text style={cell}>{`You earned ${order.points_earned} ${order.points_earned === 1 ? 'point' : 'points'}.`}</Text>
            ) : null}
            {tier ? <Text style={cell}>{tier}</Text> : null}
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

/** The receipt e-mail's subject, HTML and plain text. */
export async function renderReceiptEmail(props: Omit<ReceiptEmailProps, 'ui'>): Promise<{ subject: string; html: string; text: string }> {
  const [ui, { render }] = await Promise.all([import('@react-email/components'), import('@react-email/render')]);
  const element = <ReceiptEmail ui={ui} {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return {
    subject: `Your receipt from ${props.receipt.shop.name}: order ${props.receipt.order.name}`,
    html,
    text: `${text}\n\nView your receipt: ${props.link}\n`,
  };
}
