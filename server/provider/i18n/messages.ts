/**
 * What the provider sends customers, in English (the source language), each message with its own id:
 * `npm run extract` writes them into server/locales/<lang>/messages.po for translating (Filipino and
 * Bahasa Indonesia), and compiles them (translate.ts reads the result). ICU placeholders and plurals;
 * money and dates come formatted in the shop's locale.
 */

export const sms = {
  otp: /*i18n*/ { id: 'sms.otp', message: 'Your {shop} code is {code}. It expires in {minutes, plural, one {# minute} other {# minutes}}.' },
  otpNoShop: /*i18n*/ { id: 'sms.otp.no-shop', message: 'Your code is {code}. It expires in {minutes, plural, one {# minute} other {# minutes}}.' },
  receipt: /*i18n*/ { id: 'sms.receipt', message: '{shop}: thank you! Order {order}, {amount}. Your receipt: {link}' },
  receiptPoints: /*i18n*/ {
    id: 'sms.receipt.points',
    message: '{shop}: thank you! Order {order}, {amount}. You earned {points, plural, one {# point} other {# points}}. Your receipt: {link}',
  },
};

/** An order's notices (in the app and pushed): a title and a body per status. */
export const order = {
  paidTitle: /*i18n*/ { id: 'order.paid.title', message: 'Order {order} confirmed' },
  paidBody: /*i18n*/ { id: 'order.paid.body', message: 'We received your payment of {amount}. We will start on it shortly.' },
  preparingTitle: /*i18n*/ { id: 'order.preparing.title', message: 'Order {order} is being prepared' },
  preparingBody: /*i18n*/ { id: 'order.preparing.body', message: 'Our baristas and kitchen are working on your order.' },
  readyTitle: /*i18n*/ { id: 'order.ready.title', message: 'Order {order} is ready' },
  readyTable: /*i18n*/ { id: 'order.ready.table', message: 'It is on its way to your table.' },
  readyPickupTitle: /*i18n*/ { id: 'order.ready.pickup.title', message: 'Order {order} is ready for pickup' },
  readyPickupAt: /*i18n*/ { id: 'order.ready.pickup.at', message: 'Collect it at {place}.' },
  readyPickupCounter: /*i18n*/ { id: 'order.ready.pickup.counter', message: 'Collect it at the counter.' },
  readyRider: /*i18n*/ { id: 'order.ready.rider', message: 'It is packed and waiting for the rider.' },
  onDeliveryTitle: /*i18n*/ { id: 'order.on-delivery.title', message: 'Order {order} is on its way' },
  onDeliveryBody: /*i18n*/ { id: 'order.on-delivery.body', message: 'The rider has picked up your order.' },
  completedTitle: /*i18n*/ { id: 'order.completed.title', message: 'Order {order} completed' },
  completedBody: /*i18n*/ { id: 'order.completed.body', message: 'Enjoy! Thank you for ordering with us.' },
  cancelledTitle: /*i18n*/ { id: 'order.cancelled.title', message: 'Order {order} cancelled' },
  cancelledBody: /*i18n*/ { id: 'order.cancelled.body', message: 'Your order was cancelled.' },
  updatedTitle: /*i18n*/ { id: 'order.updated.title', message: 'Order {order} updated' },
  updatedBody: /*i18n*/ { id: 'order.updated.body', message: 'Your order has a new status.' },
};

/** The points an order earns: on their way once paid, credited once completed (or spendable from a day). */
export const points = {
  comingTitle: /*i18n*/ { id: 'points.coming.title', message: '{points, plural, one {# point} other {# points}} on their way' },
  comingBody: /*i18n*/ { id: 'points.coming.body', message: 'For order {order}. You can spend them once it is completed.' },
  comingHeldBody: /*i18n*/ {
    id: 'points.coming.held.body',
    message: 'For order {order}. You can spend them once it is completed and {days, plural, one {# day has} other {# days have}} passed.',
  },
  earnedTitle: /*i18n*/ { id: 'points.earned.title', message: 'You earned {points, plural, one {# point} other {# points}}' },
  earnedBody: /*i18n*/ { id: 'points.earned.body', message: 'For order {order}. They are valid for {days, plural, one {# day} other {# days}}.' },
  spendFrom: /*i18n*/ { id: 'points.spend-from', message: 'Your {points, plural, one {# point} other {# points}} can be spent from {day}.' },
  readyBody: /*i18n*/ {
    id: 'points.ready.body',
    message: '{reasons}: ready to spend. They are valid for {days, plural, one {# day} other {# days}}.',
  },
  expiredTitle: /*i18n*/ { id: 'points.expired.title', message: 'Points expired' },
  expiredBody: /*i18n*/ { id: 'points.expired.body', message: '{points, plural, one {# point} other {# points}} expired.' },
  expiringTitle: /*i18n*/ { id: 'points.expiring.title', message: 'Points expiring soon' },
  expiringOn: /*i18n*/ {
    id: 'points.expiring.on',
    message: '{points, plural, one {# point expires} other {# points expire}} on {day}. Use them before then.',
  },
  expiringBetween: /*i18n*/ {
    id: 'points.expiring.between',
    message: '{points, plural, one {# point expires} other {# points expire}} between {first} and {last}. Use them before then.',
  },
};

/** A guest's order claimed by a member (orders/claim.ts): its points, earned by the member's rules. */
export const claim = {
  title: /*i18n*/ { id: 'claim.title', message: '{points, plural, one {# point} other {# points}} added' },
  body: /*i18n*/ { id: 'claim.body', message: 'For order {order}, which you ordered as a guest.' },
};

/** The wallet's top-ups. */
export const wallet = {
  topupTitle: /*i18n*/ { id: 'wallet.topup.title', message: 'Top-up successful' },
  topupBody: /*i18n*/ { id: 'wallet.topup.body', message: '{amount} was added to your wallet. Your balance is {balance}.' },
  topupFailedTitle: /*i18n*/ { id: 'wallet.topup-failed.title', message: 'Top-up failed' },
  topupFailedBody: /*i18n*/ { id: 'wallet.topup-failed.body', message: 'Your top-up of {amount} was declined. No money was taken.' },
};

/**
 * The birthday treat. `voucher`: the reward in a sentence's start in English ("A Birthday cake slice
 * voucher"); `reward`: the reward's own title, for the other languages' word order.
 */
export const birthday = {
  pointsTitle: /*i18n*/ { id: 'birthday.points.title', message: 'Happy birthday, {name}! {points, plural, one {# point is} other {# points are}} yours' },
  pointsBody: /*i18n*/ { id: 'birthday.points.body', message: 'A treat from us for your birthday. Enjoy!' },
  voucherTitle: /*i18n*/ { id: 'birthday.voucher.title', message: 'Happy birthday, {name}! {voucher} is waiting' },
  voucherBody: /*i18n*/ {
    id: 'birthday.voucher.body',
    message: 'A treat from us for your birthday. Open your voucher to show its QR code at the counter.',
  },
};

/** The receipts' e-mails (receipts/receipt-email.tsx) and a top-up's or gift card's text message (receipts.send.ts). */
export const receipt = {
  subject: /*i18n*/ { id: 'receipt.subject', message: 'Your receipt from {shop}: order {order}' },
  purchaseSubject: /*i18n*/ { id: 'receipt.purchase.subject', message: 'Your receipt from {shop}: {what}' },
  preview: /*i18n*/ { id: 'receipt.preview', message: 'Your receipt for order {order} at {shop}: {amount}' },
  purchasePreview: /*i18n*/ { id: 'receipt.purchase.preview', message: 'Your receipt for {what} at {shop}: {amount}' },
  greeting: /*i18n*/ { id: 'receipt.greeting', message: 'Thank you, {name}! Here is your receipt.' },
  greetingNoName: /*i18n*/ { id: 'receipt.greeting.no-name', message: 'Thank you! Here is your receipt.' },
  taxNumber: /*i18n*/ { id: 'receipt.tax-number', message: 'Tax number: {number}' },
  view: /*i18n*/ { id: 'receipt.view', message: 'View your receipt' },
  viewLink: /*i18n*/ { id: 'receipt.view.link', message: 'View your receipt: {link}' },
  why: /*i18n*/ {
    id: 'receipt.why',
    message:
      'Anyone with this link can see this receipt (never your phone number or e-mail address). You get receipts because you chose them in your profile at {shop}; change it there.',
  },
  orderWhen: /*i18n*/ { id: 'receipt.order.when', message: 'Order {order} · {when}' },
  purchaseWhen: /*i18n*/ { id: 'receipt.purchase.when', message: 'Receipt {reference} · {when}' },
  delivery: /*i18n*/ { id: 'receipt.delivery', message: 'Delivery' },
  pickup: /*i18n*/ { id: 'receipt.pickup', message: 'Pickup' },
  pickupAt: /*i18n*/ { id: 'receipt.pickup.at', message: 'Pickup at {place}' },
  subtotal: /*i18n*/ { id: 'receipt.subtotal', message: 'Subtotal' },
  discount: /*i18n*/ { id: 'receipt.discount', message: 'Discount' },
  discountNamed: /*i18n*/ { id: 'receipt.discount.named', message: 'Discount ({name})' },
  deliveryFee: /*i18n*/ { id: 'receipt.delivery-fee', message: 'Delivery fee' },
  tip: /*i18n*/ { id: 'receipt.tip', message: 'Tip' },
  tax: /*i18n*/ { id: 'receipt.tax', message: '{tax} {rate}' },
  taxIncluded: /*i18n*/ { id: 'receipt.tax.included', message: 'Includes {tax} {rate}' },
  total: /*i18n*/ { id: 'receipt.total', message: 'Total' },
  paidWith: /*i18n*/ { id: 'receipt.paid-with', message: 'Paid with: {method}' },
  payWallet: /*i18n*/ { id: 'receipt.pay.wallet', message: 'Wallet' },
  payCounter: /*i18n*/ { id: 'receipt.pay.counter', message: 'At the counter' },
  payCard: /*i18n*/ { id: 'receipt.pay.card', message: 'Card (online payment)' },
  points: /*i18n*/ { id: 'receipt.points', message: 'You earned {points, plural, one {# point} other {# points}}.' },
  topup: /*i18n*/ { id: 'receipt.topup', message: 'Wallet top-up' },
  giftCard: /*i18n*/ { id: 'receipt.gift-card', message: 'Gift card …{last4}' },
  balance: /*i18n*/ { id: 'receipt.balance', message: 'Your wallet balance is now {balance}.' },
  giftCardGoes: /*i18n*/ {
    id: 'receipt.gift-card.goes',
    message: 'The card goes to the person you chose, with its code; only they can add it to their wallet.',
  },
  tierPoints: /*i18n*/ { id: 'receipt.tier.points', message: '{tier} member: {remaining, plural, one {# more point} other {# more points}} to {next}.' },
  tierVisits: /*i18n*/ { id: 'receipt.tier.visits', message: '{tier} member: {remaining, plural, one {# more visit} other {# more visits}} to {next}.' },
  tierTop: /*i18n*/ { id: 'receipt.tier.top', message: '{tier} member: the top tier.' },
  purchaseText: /*i18n*/ { id: 'sms.purchase', message: '{shop}: thank you! {what}, {amount}. Your receipt: {link}' },
  purchaseTextBalance: /*i18n*/ {
    id: 'sms.purchase.balance',
    message: '{shop}: thank you! {what}, {amount}. Your wallet balance is {balance}. Your receipt: {link}',
  },
};
