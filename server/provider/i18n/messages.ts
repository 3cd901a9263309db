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
