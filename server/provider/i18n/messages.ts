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

/**
 * A referral's notices (referrals.service.ts): to the friend who joined and to who invited them, with a voucher or
 * points; the referrer's when the month's cap gave them nothing. `friend`, `referrer`: first names.
 */
export const referral = {
  someone: /*i18n*/ { id: 'referral.someone', message: 'A friend' },
  friendVoucherTitle: /*i18n*/ { id: 'referral.friend.voucher.title', message: 'Thanks for joining, {friend}: a voucher is waiting' },
  friendVoucherBody: /*i18n*/ {
    id: 'referral.friend.voucher.body',
    message: '{referrer} invited you, and your first order is complete. Open your voucher to show its QR code at the counter.',
  },
  friendPointsTitle: /*i18n*/ { id: 'referral.friend.points.title', message: 'Thanks for joining, {friend}: {points, plural, one {# point} other {# points}}' },
  friendPointsBody: /*i18n*/ {
    id: 'referral.friend.points.body',
    message: '{referrer} invited you, and your first order is complete. The points are yours to spend.',
  },
  referrerVoucherTitle: /*i18n*/ { id: 'referral.referrer.voucher.title', message: '{friend} joined with your link: a voucher is waiting' },
  referrerVoucherBody: /*i18n*/ {
    id: 'referral.referrer.voucher.body',
    message: '{friend} completed a first order. Thank you for spreading the word! Open your voucher to show its QR code at the counter.',
  },
  referrerPointsTitle: /*i18n*/ {
    id: 'referral.referrer.points.title',
    message: '{friend} joined with your link: {points, plural, one {# point} other {# points}}',
  },
  referrerPointsBody: /*i18n*/ {
    id: 'referral.referrer.points.body',
    message: '{friend} completed a first order. Thank you for spreading the word! The points are yours to spend.',
  },
  cappedTitle: /*i18n*/ { id: 'referral.capped.title', message: '{friend} joined with your link' },
  cappedBody: /*i18n*/ {
    id: 'referral.capped.body',
    message: "You have had this month's {cap} referral rewards already, so this one gives you none. {friend} got theirs.",
  },
};

/** A voucher's notices: redeemed in the app (rewards.service.ts), used at the counter and given back (counter/). */
export const voucher = {
  redeemedTitle: /*i18n*/ { id: 'voucher.redeemed.title', message: 'Reward redeemed' },
  redeemedBody: /*i18n*/ {
    id: 'voucher.redeemed.body',
    message: 'Your voucher for {reward} is ready. Open it to show its QR code at the counter, or apply it to an order.',
  },
  usedTitle: /*i18n*/ { id: 'voucher.used.title', message: 'Voucher used' },
  usedBody: /*i18n*/ { id: 'voucher.used.body', message: 'Your voucher for {reward} was used at the counter. Enjoy!' },
  backTitle: /*i18n*/ { id: 'voucher.back.title', message: 'Voucher back in your rewards' },
  backBody: /*i18n*/ { id: 'voucher.back.body', message: 'The counter undid the use of your voucher for {reward}: you can use it again.' },
  backExpiredBody: /*i18n*/ { id: 'voucher.back.expired.body', message: 'The counter undid the use of your voucher for {reward}, but it has expired since.' },
};

/** The wheel's prize (wheel.service.ts). */
export const wheel = {
  wonTitle: /*i18n*/ { id: 'wheel.won.title', message: 'You won on the wheel' },
  wonPoints: /*i18n*/ { id: 'wheel.won.points', message: '{points, plural, one {# point was} other {# points were}} added to your balance.' },
  wonVoucher: /*i18n*/ { id: 'wheel.won.voucher', message: 'You won {reward}. Open your voucher to show its QR code at the counter.' },
};

/** An unpaid order let go when its hold ended (orders/holds.ts): sentences joined by a space. */
export const hold = {
  title: /*i18n*/ { id: 'hold.title', message: 'Order {order} was not placed' },
  body: /*i18n*/ {
    id: 'hold.body',
    message: 'We did not receive its payment within {minutes, plural, one {# minute} other {# minutes}}. Nothing was charged.',
  },
  bodyPickup: /*i18n*/ {
    id: 'hold.body.pickup',
    message:
      'We did not receive its payment within {minutes, plural, one {# minute} other {# minutes}}, so its pickup time was given to others. Nothing was charged.',
  },
  voucher: /*i18n*/ { id: 'hold.voucher', message: 'Your voucher can be used again.' },
  later: /*i18n*/ {
    id: 'hold.later',
    message: 'If a payment still goes through, we place the order again when there is room, or put the money in your wallet.',
  },
};

/** Payments that came back or went to the wallet (payments/). */
export const payment = {
  movedTitle: /*i18n*/ { id: 'payment.moved.title', message: 'Payment moved to your wallet' },
  movedBody: /*i18n*/ {
    id: 'payment.moved.body',
    message: 'Your payment of {amount} arrived after order {order} was cancelled, so it is in your wallet.',
  },
  movedBodyNoOrder: /*i18n*/ {
    id: 'payment.moved.body.no-order',
    message: 'Your payment of {amount} arrived after a cancelled order was cancelled, so it is in your wallet.',
  },
  topupRefundedTitle: /*i18n*/ { id: 'payment.topup-refunded.title', message: 'Top-up refunded' },
  topupRefundedAll: /*i18n*/ {
    id: 'payment.topup-refunded.all',
    message: '{amount} of your top-up was refunded to your card, so it was taken out of your wallet.',
  },
  topupRefundedSome: /*i18n*/ {
    id: 'payment.topup-refunded.some',
    message: '{amount} of your top-up was refunded to your card. {taken} was taken out of your wallet; the rest had been spent already.',
  },
  topupRefundedSpent: /*i18n*/ {
    id: 'payment.topup-refunded.spent',
    message: '{amount} of your top-up was refunded to your card. It had been spent already.',
  },
};

/** A gift card's notices to its buyer and its recipient (gift-cards/). `to`, `from`: the names written on the card. */
export const giftCard = {
  sentTitle: /*i18n*/ { id: 'gift-card.sent.title', message: 'Your gift card for {to} was sent' },
  sentBySms: /*i18n*/ {
    id: 'gift-card.sent.sms',
    message: 'We sent {to} your {amount} gift card by text message. We will tell you when they add it to their wallet.',
  },
  sentByEmail: /*i18n*/ {
    id: 'gift-card.sent.email',
    message: 'We sent {to} your {amount} gift card by e-mail. We will tell you when they add it to their wallet.',
  },
  claimedTitle: /*i18n*/ { id: 'gift-card.claimed.title', message: '{to} added your gift card' },
  claimedBody: /*i18n*/ {
    id: 'gift-card.claimed.body',
    message: "Your {amount} gift card is in {to}'s wallet now. Thank you for sending it!",
  },
  refundedTitle: /*i18n*/ { id: 'gift-card.refunded.title', message: 'Gift card refunded' },
  refundedBody: /*i18n*/ {
    id: 'gift-card.refunded.body',
    message: 'The {amount} gift card for {to} was refunded to your card, so its link no longer works.',
  },
  takenBackTitle: /*i18n*/ { id: 'gift-card.taken-back.title', message: 'Gift card money taken back' },
  takenBackBuyer: /*i18n*/ {
    id: 'gift-card.taken-back.buyer',
    message: 'The payment for the gift card for {to} was refunded to your card, so {taken} was taken out of your wallet.',
  },
  takenBackRecipient: /*i18n*/ {
    id: 'gift-card.taken-back.recipient',
    message: 'The {amount} gift card from {from} was refunded to its buyer, so {taken} of gift money was taken out of your wallet.',
  },
};

/** Points at the counter (counter/): earned on a purchase, and a purchase's or a reward's undone. `place`: the branch. */
export const counter = {
  comingTitle: /*i18n*/ { id: 'counter.coming.title', message: '{points, plural, one {# point} other {# points}} on their way from {shop}' },
  comingBody: /*i18n*/ { id: 'counter.coming.body', message: 'For your purchase. You can spend them from {day}. Thank you!' },
  comingBodyAt: /*i18n*/ { id: 'counter.coming.body.at', message: 'For your purchase at {place}. You can spend them from {day}. Thank you!' },
  earnedTitle: /*i18n*/ { id: 'counter.earned.title', message: 'You earned {points, plural, one {# point} other {# points}} at {shop}' },
  earnedBody: /*i18n*/ { id: 'counter.earned.body', message: 'For your purchase. Thank you!' },
  earnedBodyAt: /*i18n*/ { id: 'counter.earned.body.at', message: 'For your purchase at {place}. Thank you!' },
  cancelledTitle: /*i18n*/ { id: 'counter.cancelled.title', message: '{points, plural, one {# point} other {# points}} cancelled' },
  takenBackTitle: /*i18n*/ { id: 'counter.taken-back.title', message: '{points, plural, one {# point} other {# points}} taken back' },
  undoneBody: /*i18n*/ { id: 'counter.undone.body', message: 'The counter undid the points for your purchase.' },
  undoneBodyAt: /*i18n*/ { id: 'counter.undone.body.at', message: 'The counter undid the points for your purchase at {place}.' },
  backTitle: /*i18n*/ { id: 'counter.back.title', message: '{points, plural, one {# point} other {# points}} back' },
  backBody: /*i18n*/ {
    id: 'counter.back.body',
    message: 'The counter undid {reward}: your {points, plural, one {# point is} other {# points are}} back.',
  },
  backBodyAt: /*i18n*/ {
    id: 'counter.back.body.at',
    message: 'The counter undid {reward} at {place}: your {points, plural, one {# point is} other {# points are}} back.',
  },
};

/** Staff answered a customer's feedback (feedback.service.ts); the body is their own answer. */
export const feedback = {
  answeredTitle: /*i18n*/ { id: 'feedback.answered.title', message: '{shop} answered your feedback' },
};

/**
 * The account's notices (auth/): the welcome at registration (before the app saves the sign-in page's choice: the
 * shop's default language), and a deletion called off by signing in again.
 */
export const account = {
  welcomeTitle: /*i18n*/ { id: 'account.welcome.title', message: 'Welcome to {shop}, {name}!' },
  welcomeTitleNoShop: /*i18n*/ { id: 'account.welcome.title.no-shop', message: 'Welcome, {name}!' },
  welcomeBody: /*i18n*/ { id: 'account.welcome.body', message: 'Your account is ready. Earn points with every order and redeem them for rewards.' },
  stayingTitle: /*i18n*/ { id: 'account.staying.title', message: 'Your account is staying' },
  stayingBody: /*i18n*/ {
    id: 'account.staying.body',
    message: 'You signed in again, so we will not delete your account. You can ask again in your profile.',
  },
};

/** The code that verifies a customer's e-mail address (auth/email-verification.service.ts): lines of the e-mail. */
export const emailCode = {
  subject: /*i18n*/ { id: 'email-code.subject', message: 'Your {shop} verification code' },
  subjectNoShop: /*i18n*/ { id: 'email-code.subject.no-shop', message: 'Your verification code' },
  code: /*i18n*/ { id: 'email-code.code', message: 'Your {shop} code to verify this e-mail address is {code}.' },
  codeNoShop: /*i18n*/ { id: 'email-code.code.no-shop', message: 'Your code to verify this e-mail address is {code}.' },
  expires: /*i18n*/ { id: 'email-code.expires', message: 'It expires in {minutes, plural, one {# minute} other {# minutes}}.' },
  ignore: /*i18n*/ { id: 'email-code.ignore', message: "If you didn't ask for it, you can ignore this e-mail: nothing changes without the code." },
};

/**
 * A gift card sent to its recipient (gift-cards/delivery.ts), in its buyer's language (the recipient may have no
 * account). `from`, `to`: the names written on the card; `note`: the buyer's message, quoted as written.
 */
export const giftCardSent = {
  what: /*i18n*/ { id: 'gift-card.gift.what', message: '{from} sent you a {amount} gift card for {shop}!' },
  sms: /*i18n*/ { id: 'gift-card.gift.sms', message: '{from} sent you a {amount} gift card for {shop}! Open it here: {link}' },
  smsNote: /*i18n*/ { id: 'gift-card.gift.sms.note', message: '{from} sent you a {amount} gift card for {shop}! "{note}" Open it here: {link}' },
  subject: /*i18n*/ { id: 'gift-card.gift.subject', message: '{from} sent you a {shop} gift card' },
  hi: /*i18n*/ { id: 'gift-card.gift.hi', message: 'Hi {to},' },
  open: /*i18n*/ { id: 'gift-card.gift.open', message: 'Open it and add it to your wallet: {link}' },
  secret: /*i18n*/ { id: 'gift-card.gift.secret', message: 'The link is the gift: keep it to yourself.' },
};

/**
 * A tier's notices (tiers/tiers.service.ts): reached (its sentences joined by a space), dropped, and the notice before
 * the end of its months. `voucher`: the reward in a sentence's start in English ("A Birthday cake slice voucher");
 * `reward`: the reward's own title, for the other languages' word order.
 */
export const tier = {
  welcomeTitle: /*i18n*/ { id: 'tier.welcome.title', message: 'Welcome to {tier}!' },
  multiplier: /*i18n*/ { id: 'tier.welcome.multiplier', message: 'Your purchases now earn ×{multiplier} points.' },
  voucherWaiting: /*i18n*/ { id: 'tier.welcome.voucher', message: '{voucher} is waiting for you.' },
  keep: /*i18n*/ { id: 'tier.welcome.keep', message: 'You keep {tier} for {months, plural, one {# month} other {# months}}.' },
  droppedTitle: /*i18n*/ { id: 'tier.dropped.title', message: 'You are {tier} now' },
  droppedBody: /*i18n*/ {
    id: 'tier.dropped.body',
    message: 'Your {months, plural, one {# month} other {# months}} at {tier} have ended. Earn your way back: see your progress on Home.',
  },
  keepPoints: /*i18n*/ { id: 'tier.keep.points', message: 'Earn {remaining, plural, one {# more point} other {# more points}} by {day} to keep {tier}' },
  keepVisits: /*i18n*/ { id: 'tier.keep.visits', message: 'Make {remaining, plural, one {# more visit} other {# more visits}} by {day} to keep {tier}' },
  otherwise: /*i18n*/ { id: 'tier.keep.otherwise', message: 'Otherwise you will be {tier} from {day}.' },
};

/** Auto-reload paused (payments/auto-reload.ts): a title and the reason, after the sentence of what failed. */
export const autoReload = {
  failed: /*i18n*/ { id: 'auto-reload.failed', message: 'We could not add {amount} to your wallet.' },
  declinedTitle: /*i18n*/ { id: 'auto-reload.declined.title', message: 'Auto-reload paused: card declined' },
  declined: /*i18n*/ {
    id: 'auto-reload.declined',
    message: 'Your card was declined, so auto-reload is paused. Check your card or save another, then turn auto-reload back on.',
  },
  needsCustomerTitle: /*i18n*/ { id: 'auto-reload.needs-customer.title', message: 'Auto-reload paused: your bank needs you' },
  needsCustomer: /*i18n*/ {
    id: 'auto-reload.needs-customer',
    message:
      'Your bank wants you to confirm the payment yourself, which it cannot ask while you are away, so auto-reload is paused. Save your card again or top up once, then turn auto-reload back on.',
  },
  unreachableTitle: /*i18n*/ { id: 'auto-reload.unreachable.title', message: 'Auto-reload paused: we could not reach your card' },
  unreachable: /*i18n*/ {
    id: 'auto-reload.unreachable',
    message:
      'We could not reach the card payment service for about a day, so auto-reload is paused. Turn auto-reload back on to try again, or top up once yourself.',
  },
};

/**
 * The stamps an order or a counter purchase gave, a sentence per card appended to its points notice
 * (loyalty/stamps.service.ts stampsSentence). `card`: the card's name as the owner wrote it ("Coffee card").
 */
export const stamps = {
  progress: /*i18n*/ {
    id: 'stamps.progress',
    message: 'You collected {added, plural, one {# stamp} other {# stamps}} on your {card}: {stamps} of {needed}.',
  },
  full: /*i18n*/ { id: 'stamps.full', message: 'You collected {added, plural, one {# stamp} other {# stamps}} on your {card}: it is full.' },
  fullNext: /*i18n*/ {
    id: 'stamps.full.next',
    message: 'You collected {added, plural, one {# stamp} other {# stamps}} on your {card}: it is full, and {stamps} of {needed} on the next.',
  },
  fullMany: /*i18n*/ {
    id: 'stamps.full-many',
    message: 'You collected {added, plural, one {# stamp} other {# stamps}} on your {card}: {filled} cards are full.',
  },
  fullManyNext: /*i18n*/ {
    id: 'stamps.full-many.next',
    message: 'You collected {added, plural, one {# stamp} other {# stamps}} on your {card}: {filled} cards are full, and {stamps} of {needed} on the next.',
  },
};

/**
 * A stamp card filled (loyalty/stamps.service.ts fillCards): its vouchers waiting, or the counter to ask when its
 * reward ran out. `card`: the card's name as the owner wrote it ("Coffee card"); `voucher`: the vouchers in English
 * words ("A Free latte voucher", "2 vouchers for ₱50 off"); `reward`: the reward's title, for the other languages'
 * word order; `vouchers`: how many were issued, `missing`: how many could not be.
 */
export const stampCard = {
  fullTitle: /*i18n*/ { id: 'stamp-card.full.title', message: '{filled, plural, one {Your {card} is full} other {# of your {card}s are full}}' },
  waiting: /*i18n*/ {
    id: 'stamp-card.full.waiting',
    message:
      '{vouchers, plural, one {{voucher} is waiting in your vouchers. Open it to show its QR code at the counter.} other {{voucher} are waiting in your vouchers. Open one to show its QR code at the counter.}}',
  },
  ask: /*i18n*/ {
    id: 'stamp-card.full.ask',
    message: '{missing, plural, one {Ask at the counter for your {reward}.} other {Ask at the counter for your {reward} (#).}}',
  },
  waitingAsk: /*i18n*/ {
    id: 'stamp-card.full.waiting-ask',
    message:
      '{vouchers, plural, one {{voucher} is waiting in your vouchers.} other {{voucher} are waiting in your vouchers.}} {missing, plural, one {Ask at the counter for your other {reward}.} other {Ask at the counter for your other {reward} (#).}}',
  },
};

/**
 * What a cancelled order gave back or took back (orders/lifecycle.ts cancelOrder), each a sentence after the
 * cancellation's own, joined by a space; and what a refund at the payment gateway took back (orders/refunded.ts).
 * `note`: the staff member's reason, as written (it ends with its full stop); `amount`: money in the shop's locale;
 * `reward`: a cancelled voucher's reward.
 */
export const takeBack = {
  reason: /*i18n*/ { id: 'take-back.reason', message: 'Reason: {note}' },
  refundCard: /*i18n*/ {
    id: 'take-back.refund.card',
    message: '{amount} is being refunded to the card you paid with; your bank may take a few days to show it.',
  },
  refundWallet: /*i18n*/ { id: 'take-back.refund.wallet', message: '{amount} is back in your wallet.' },
  voucher: /*i18n*/ {
    id: 'take-back.voucher',
    message: 'Your voucher for {reward} was cancelled and its {points, plural, one {# point} other {# points}} given back, as they came from this order.',
  },
  taken: /*i18n*/ {
    id: 'take-back.taken',
    message: '{points, plural, one {The # point it earned was taken back.} other {The # points it earned were taken back.}}',
  },
  voided: /*i18n*/ {
    id: 'take-back.voided',
    message: '{points, plural, one {The # point it would have earned was cancelled.} other {The # points it would have earned were cancelled.}}',
  },
  voucherBack: /*i18n*/ { id: 'take-back.voucher-back', message: 'Your voucher can be used again.' },
  code: /*i18n*/ { id: 'take-back.code', message: 'Your use of code {code} was given back.' },
  offer: /*i18n*/ { id: 'take-back.offer', message: 'Your use of the offer {offer} was given back.' },
  refundedStampsTitle: /*i18n*/ { id: 'refunded.stamps.title', message: '{stamps, plural, one {# stamp} other {# stamps}} taken back' },
  refundedVoided: /*i18n*/ {
    id: 'refunded.voided',
    message:
      'Your payment for order {order} was refunded, so {points, plural, one {the # point it would have earned was} other {the # points it would have earned were}} cancelled.',
  },
  refundedVoidedStamps: /*i18n*/ {
    id: 'refunded.voided.stamps',
    message:
      'Your payment for order {order} was refunded, so {points, plural, one {the # point it would have earned was} other {the # points it would have earned were}} cancelled and {stamps, plural, one {its # stamp was} other {its # stamps were}} taken off your card.',
  },
  refundedTaken: /*i18n*/ {
    id: 'refunded.taken',
    message:
      'Your payment for order {order} was refunded, so {points, plural, one {the # point it earned was} other {the # points it earned were}} taken back.',
  },
  refundedTakenStamps: /*i18n*/ {
    id: 'refunded.taken.stamps',
    message:
      'Your payment for order {order} was refunded, so {points, plural, one {the # point it earned was} other {the # points it earned were}} taken back and {stamps, plural, one {its # stamp was} other {its # stamps were}} taken off your card.',
  },
  refundedStamps: /*i18n*/ {
    id: 'refunded.stamps',
    message: 'Your payment for order {order} was refunded, so {stamps, plural, one {its # stamp was} other {its # stamps were}} taken off your card.',
  },
};

/**
 * The reasons of the points history (points/reasons.ts), rendered in the reader's language from the words an entry
 * keeps (`reason_words`, migration 0070); an entry without words shows its English `reason`. `rules`: the earning
 * rules' parts as the owner named them ("+25 Double points Tuesday", joined by commas); `reward`: a reward's title (with
 * `reward_name`, the reward's name: read in the reader's language, points.service.ts); `place`: a location's name;
 * `name`: a customer's first name.
 */
export const pointsReason = {
  order: /*i18n*/ { id: 'points.reason.order', message: 'Order {order}' },
  orderRules: /*i18n*/ { id: 'points.reason.order.rules', message: 'Order {order} ({rules})' },
  orderCancelled: /*i18n*/ { id: 'points.reason.order.cancelled', message: 'Order {order} cancelled' },
  orderRefunded: /*i18n*/ { id: 'points.reason.order.refunded', message: 'Order {order} refunded' },
  voucherCancelled: /*i18n*/ { id: 'points.reason.voucher.cancelled', message: 'Voucher for {reward} cancelled with order {order}' },
  redeemed: /*i18n*/ { id: 'points.reason.redeemed', message: 'Redeemed: {reward}' },
  spin: /*i18n*/ { id: 'points.reason.spin', message: 'Spin the wheel' },
  spinWon: /*i18n*/ { id: 'points.reason.spin.won', message: 'Spin and win' },
  expired: /*i18n*/ { id: 'points.reason.expired', message: 'Points expired' },
  counter: /*i18n*/ { id: 'points.reason.counter', message: 'Purchase at the counter' },
  counterAt: /*i18n*/ { id: 'points.reason.counter.at', message: 'Purchase at the counter ({place})' },
  counterRules: /*i18n*/ { id: 'points.reason.counter.rules', message: 'Purchase at the counter ({rules})' },
  counterAtRules: /*i18n*/ { id: 'points.reason.counter.at.rules', message: 'Purchase at the counter ({place}) ({rules})' },
  counterUndone: /*i18n*/ { id: 'points.reason.counter.undone', message: 'Purchase at the counter undone' },
  counterAtUndone: /*i18n*/ { id: 'points.reason.counter.at.undone', message: 'Purchase at the counter ({place}) undone' },
  counterRewardUndone: /*i18n*/ { id: 'points.reason.counter.reward.undone', message: '{reward} at the counter undone' },
  referralInvited: /*i18n*/ { id: 'points.reason.referral.invited', message: 'Referral: invited by {name}' },
  referralJoined: /*i18n*/ { id: 'points.reason.referral.joined', message: 'Referral: {name} joined' },
  referralInvitedByFriend: /*i18n*/ { id: 'points.reason.referral.invited.friend', message: 'Referral: invited by a friend' },
  referralFriendJoined: /*i18n*/ { id: 'points.reason.referral.joined.friend', message: 'Referral: a friend joined' },
  referralTakenBack: /*i18n*/ { id: 'points.reason.referral.taken_back', message: 'Referral reward taken back' },
  birthday: /*i18n*/ { id: 'points.reason.birthday', message: 'Happy birthday!' },
};
