/**
 * The refusals a customer can meet, in English (the source language), each with its own id: an AppError
 * given one of these (http/errors.ts, with its values: `said(errors.x, { … })`) answers in the language
 * the app speaks (its Accept-Language, docs/languages.md "The API's errors"). Translated with the
 * provider's other messages (messages.ts) in server/locales; a merchant-only refusal stays a plain string.
 */

export const errors = {
  // the provider's own
  checkFields: /*i18n*/ { id: 'error.check-fields', message: 'Please check the highlighted fields.' },
  sessionExpired: /*i18n*/ { id: 'error.session-expired', message: 'Your session has expired. Please sign in again.' },
  internal: /*i18n*/ { id: 'error.internal', message: 'Something went wrong on our side. Please try again.' },
  unavailable: /*i18n*/ { id: 'error.unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' },
  starting: /*i18n*/ { id: 'error.starting', message: 'The service is starting. Please try again in a moment.' },
  inProgress: /*i18n*/ { id: 'error.in-progress', message: 'This request is still being processed. Please wait a moment.' },
  tryAgain: /*i18n*/ { id: 'error.try-again', message: 'Please try again.' },
  tooManyAtOnce: /*i18n*/ { id: 'error.too-many-at-once', message: 'Many of your requests are still going. Please wait a moment and try again.' },
  guestSignIn: /*i18n*/ { id: 'error.guest.sign-in', message: 'Sign in with your phone to do this.' },

  // signing in
  googleOff: /*i18n*/ { id: 'error.google.off', message: 'Google sign-in is not enabled.' },
  googleUnverified: /*i18n*/ { id: 'error.google.unverified', message: 'We could not verify your Google sign-in. Please try again.' },
  googleLinkedElsewhere: /*i18n*/ {
    id: 'error.google.linked-elsewhere',
    message: 'This Google account is already linked to another account. Sign in with it there, or use another Google account.',
  },
  googleLinkedOther: /*i18n*/ { id: 'error.google.linked-other', message: 'Your account is already linked to another Google account.' },
  codeExpired: /*i18n*/ { id: 'error.code.expired', message: 'This code has expired or was already used. Please ask for a new one.' },
  codeTooManyTries: /*i18n*/ { id: 'error.code.too-many-tries', message: 'Too many wrong tries for this code. Please ask for a new one.' },
  codeWrong: /*i18n*/ { id: 'error.code.wrong', message: 'That code is not right. {left, plural, one {# try} other {# tries}} left.' },
  codeWrongTooOften: /*i18n*/ { id: 'error.code.wrong-too-often', message: 'Too many wrong codes from this device. Please try again later.' },
  codeWait: /*i18n*/ { id: 'error.code.wait', message: 'Please wait a moment before asking for another code.' },
  codesForNumber: /*i18n*/ { id: 'error.code.for-number', message: 'Too many codes for this number. Please try again later.' },
  codesFromDevice: /*i18n*/ { id: 'error.code.from-device', message: 'Too many codes requested from this device. Please try again later.' },
  smsUnavailable: /*i18n*/ {
    id: 'error.sms.unavailable',
    message: 'This shop cannot send sign-in codes by text message yet. Please try again later.',
  },
  codeNotSent: /*i18n*/ { id: 'error.code.not-sent', message: 'We could not send the code just now. Please try again in a minute.' },
  signUpExpired: /*i18n*/ { id: 'error.sign-up.expired', message: 'This sign-up has expired. Please ask for a new code.' },

  // e-mail
  emailUnavailable: /*i18n*/ { id: 'error.email.unavailable', message: "We can't send e-mails just now, so your address can't be verified yet." },
  emailMissing: /*i18n*/ { id: 'error.email.missing', message: 'Add an e-mail address first, then we can send you a code.' },
  emailChanged: /*i18n*/ { id: 'error.email.changed', message: 'Your e-mail address was changed meanwhile. Please check it and try again.' },
  emailVerified: /*i18n*/ { id: 'error.email.verified', message: 'Your e-mail address is already verified.' },
  emailTaken: /*i18n*/ {
    id: 'error.email.taken',
    message: 'This e-mail address is already verified on another account. Please use another address.',
  },
  emailNotSent: /*i18n*/ { id: 'error.email.not-sent', message: 'We could not send the e-mail just now. Please try again in a minute.' },
  emailCodesSent: /*i18n*/ { id: 'error.email.codes-sent', message: 'We sent you several codes already. Please try again later.' },

  // orders and checkout
  unpaidOrders: /*i18n*/ {
    id: 'error.order.unpaid-limit',
    message:
      'You have {max} orders waiting for payment. Finish paying for one of them, or try again in a few minutes: an unpaid order lapses {minutes} minutes after it was placed.',
  },
  priceChanged: /*i18n*/ {
    id: 'error.order.price-changed',
    message: 'A price changed since you looked: the total is now {total}, not {expected}. Check your order and place it again.',
  },
  belowMinimum: /*i18n*/ { id: 'error.order.below-minimum', message: 'The minimum order is {minimum}. Add {missing} more to continue.' },
  productUnavailable: /*i18n*/ { id: 'error.order.product-unavailable', message: '{name} is not available right now. Remove it to continue.' },
  productNotSoldAt: /*i18n*/ { id: 'error.order.product-not-sold-at', message: '{name} is not sold at {location}. Remove it to continue.' },
  optionSoldOut: /*i18n*/ { id: 'error.order.option-sold-out', message: '{option} is sold out. Choose another {group} for {product}.' },
  // a line's choices against its option groups (orders/line-options.ts); English's "a"/"an" is two messages, one in the other languages
  optionGone: /*i18n*/ { id: 'error.order.option-gone', message: 'An option that is no longer on the menu is not an option of {product}.' },
  optionForeign: /*i18n*/ { id: 'error.order.option-foreign', message: '{option} is not an option of {product}.' },
  optionOnlyOne: /*i18n*/ { id: 'error.order.option-only-one', message: 'Choose only one {group} for {product}.' },
  optionAtMost: /*i18n*/ { id: 'error.order.option-at-most', message: 'Choose at most {max} {group} for {product}.' },
  optionA: /*i18n*/ { id: 'error.order.option-a', message: 'Choose a {group} for {product}.' },
  optionAn: /*i18n*/ { id: 'error.order.option-an', message: 'Choose an {group} for {product}.' },
  optionAtLeast: /*i18n*/ { id: 'error.order.option-at-least', message: 'Choose at least {min} {group} for {product}.' },
  addressRequired: /*i18n*/ { id: 'error.order.address-required', message: 'Choose a delivery address, or switch to pickup.' },
  outsideDelivery: /*i18n*/ {
    id: 'error.order.outside-delivery',
    message: "We don't deliver to this address yet. Choose another address, or pick up your order.",
  },
  noPickup: /*i18n*/ { id: 'error.order.no-pickup', message: 'We do not take pickup orders right now.' },
  noPickupAt: /*i18n*/ {
    id: 'error.order.no-pickup-at',
    message: '{location} does not take pickup orders. Choose another place to pick up, or have it delivered.',
  },
  noTableOrders: /*i18n*/ { id: 'error.order.no-table-orders', message: 'We are not taking orders at the table right now. Order for pickup instead.' },
  prepEarliest: /*i18n*/ {
    id: 'error.order.prep-earliest',
    message:
      '{name} takes about {minutes} minutes to make, so the earliest pickup time is {day, select, today {today} tomorrow {tomorrow} other {{weekday}}} at {time}. Choose a later time.',
  },
  prepNoTime: /*i18n*/ {
    id: 'error.order.prep-no-time',
    message: '{name} takes about {minutes} minutes to make, so there is no pickup time left today or tomorrow. Choose a later time.',
  },
  pickupTimeGone: /*i18n*/ { id: 'error.order.pickup-time-gone', message: 'That pickup time is not available any more. Choose one from the list.' },
  slotFullNext: /*i18n*/ {
    id: 'error.order.slot-full-next',
    message: 'That pickup time is full. The next one with room is {day, select, today {today} tomorrow {tomorrow} other {{weekday}}} at {time}.',
  },
  slotFullNone: /*i18n*/ {
    id: 'error.order.slot-full-none',
    message: 'That pickup time is full, and there is no other one with room today or tomorrow.',
  },
  slotsAllFull: /*i18n*/ { id: 'error.order.slots-all-full', message: 'Every pickup time today and tomorrow is full. Try again later.' },
  slotsNone: /*i18n*/ { id: 'error.order.slots-none', message: 'There is no pickup time left today or tomorrow. Try again later.' },
  pausedUntil: /*i18n*/ {
    id: 'error.order.paused-until',
    message: '{name} is not taking orders right now — back {day, select, today {at {time}} tomorrow {tomorrow at {time}} other {{weekday} at {time}}}.',
  },
  paused: /*i18n*/ { id: 'error.order.paused', message: '{name} is not taking orders right now. Try again soon.' },
  closedUntil: /*i18n*/ {
    id: 'error.order.closed-until',
    message: "We're closed right now. We open again {day, select, today {at {time}} tomorrow {tomorrow at {time}} other {{weekday} at {time}}}.",
  },
  closed: /*i18n*/ { id: 'error.order.closed', message: "We're closed right now." },
  closedAtUntil: /*i18n*/ {
    id: 'error.order.closed-at-until',
    message: '{name} is closed right now. It opens again {day, select, today {at {time}} tomorrow {tomorrow at {time}} other {{weekday} at {time}}}.',
  },
  closedAt: /*i18n*/ { id: 'error.order.closed-at', message: '{name} is closed right now.' },
  notOnMenu: /*i18n*/ { id: 'error.order.not-on-menu', message: 'Some items are not on the menu any more.' },
  tipNotAllowed: /*i18n*/ { id: 'error.order.tip-not-allowed', message: 'Choose one of the tips shown, or an amount allowed.' },
  tipsOff: /*i18n*/ { id: 'error.order.tips-off', message: 'This shop does not take tips.' },
  walletTooLow: /*i18n*/ { id: 'error.wallet.too-low', message: 'Your wallet balance is too low for this order. Top up and try again.' },
  voucherNotYours: /*i18n*/ { id: 'error.voucher.not-yours', message: 'This voucher cannot be used: it is not one of your vouchers.' },
  voucherUsed: /*i18n*/ { id: 'error.voucher.used', message: 'This voucher cannot be used: it has been used already.' },
  voucherExpired: /*i18n*/ { id: 'error.voucher.expired', message: 'This voucher cannot be used: it has expired.' },
  voucherProductGone: /*i18n*/ {
    id: 'error.voucher.product-gone',
    message: 'This voucher cannot be used on an order: its product is not on the menu any more. Show it at the counter instead.',
  },
  voucherProductSoldOut: /*i18n*/ { id: 'error.voucher.product-sold-out', message: '{name} is sold out right now: keep this voucher for another time.' },
  voucherNotDiscount: /*i18n*/ {
    id: 'error.voucher.not-discount',
    message: 'This voucher cannot be used: it is not a discount (show it at the counter instead).',
  },

  // promo codes
  promoGuesses: /*i18n*/ { id: 'error.promo.guesses', message: 'Too many codes we do not know. Please wait {minutes} minutes and try again.' },
  promoUnknown: /*i18n*/ { id: 'error.promo.unknown', message: 'We do not know the code {code}. Check its spelling and try again.' },
  promoStarts: /*i18n*/ { id: 'error.promo.starts', message: '{code} starts {start}. Try it again then.' },
  promoStartsLater: /*i18n*/ { id: 'error.promo.starts-later', message: '{code} starts later. Try it again then.' },
  promoEnded: /*i18n*/ { id: 'error.promo.ended', message: '{code} has ended.' },
  promoBelowMinimum: /*i18n*/ { id: 'error.promo.below-minimum', message: '{code} is for orders of {minimum} or more. Add {missing} more to use it.' },
  promoLimit: /*i18n*/ { id: 'error.promo.limit', message: 'You have used {code} as many times as it allows.' },
  promoTier: /*i18n*/ { id: 'error.promo.tier', message: '{code} is for members of a higher tier.' },
  promoList: /*i18n*/ { id: 'error.promo.list', message: '{code} is for some customers only.' },
  promoFirst: /*i18n*/ { id: 'error.promo.first', message: '{code} is for a first order only.' },
  promoUsedUp: /*i18n*/ { id: 'error.promo.used-up', message: '{code} has been used up.' },
  promoNotHere: /*i18n*/ { id: 'error.promo.not-here', message: '{code} cannot be used at this location.' },
  promoNotDelivery: /*i18n*/ { id: 'error.promo.not-delivery', message: '{code} is not for delivery orders.' },
  promoNotDineIn: /*i18n*/ { id: 'error.promo.not-dine-in', message: '{code} is not for dine-in orders.' },
  promoNotPickup: /*i18n*/ { id: 'error.promo.not-pickup', message: '{code} is not for pickup orders.' },
  promoPaused: /*i18n*/ { id: 'error.promo.paused', message: '{code} is paused for now. Try again later.' },
  promoNotWithVoucher: /*i18n*/ {
    id: 'error.promo.not-with-voucher',
    message: '{code} cannot be used with a reward voucher. Remove the voucher to use the code.',
  },
  promoNotNow: /*i18n*/ { id: 'error.promo.not-now', message: '{code} is not on right now.' },
  promoNotNowUntil: /*i18n*/ { id: 'error.promo.not-now-until', message: '{code} is not on right now. It is on again {at}.' },
  promoNeeds: /*i18n*/ { id: 'error.promo.needs', message: '{code} needs {needs} in your order.' },
  promoNeedsOther: /*i18n*/ { id: 'error.promo.needs-other', message: '{code} needs other items in your order.' },

  // tables and guests
  tableUnknown: /*i18n*/ { id: 'error.table.unknown', message: 'We could not find this table. Scan the code on your table again, or ask the staff.' },
  tablesOff: /*i18n*/ { id: 'error.table.off', message: 'This shop is not taking orders at the table right now. Please ask the staff.' },
  guestsTooMany: /*i18n*/ {
    id: 'error.guest.too-many',
    message: 'Too many guests from this device. Please try again later, or sign in with your phone.',
  },
  guestAtTable: /*i18n*/ {
    id: 'error.guest.at-table',
    message: 'Guests order at their table. Sign in with your phone to order for pickup or delivery.',
  },
  guestOtherLocation: /*i18n*/ {
    id: 'error.guest.other-location',
    message: 'This table is at another location. Scan the code on your table to order there.',
  },
  guestWallet: /*i18n*/ {
    id: 'error.guest.wallet',
    message: 'Guests pay by card or at the counter. Sign in with your phone to pay from your wallet.',
  },
  guestVoucher: /*i18n*/ { id: 'error.guest.voucher', message: 'Sign in with your phone to use a voucher.' },
  guestPromoCode: /*i18n*/ { id: 'error.guest.promo-code', message: 'Sign in with your phone to use a promo code.' },

  // rewards, points and the wheel
  tierRequired: /*i18n*/ { id: 'error.reward.tier-required', message: '{reward} is for {tier} members and above for now.' },
  redeemedAlready: /*i18n*/ { id: 'error.reward.redeemed', message: 'You have already redeemed {reward}.' },
  redeemedMost: /*i18n*/ { id: 'error.reward.redeemed-most', message: 'You have already redeemed {reward} {times} times, the most allowed.' },
  outOfStock: /*i18n*/ { id: 'error.reward.out-of-stock', message: '{reward} is out of stock.' },
  morePoints: /*i18n*/ { id: 'error.points.more', message: 'You need {missing} more points for this.' },
  wheelClosed: /*i18n*/ { id: 'error.wheel.closed', message: 'The wheel is closed right now. Please try again later.' },
  spunToday: /*i18n*/ { id: 'error.wheel.spun-today', message: 'You have used your free spin for today. Come back tomorrow!' },
  spinCost: /*i18n*/ { id: 'error.wheel.spin-cost', message: 'No free spins left today. A spin costs {cost} points and you have {have}.' },

  // the wallet, cards and payments
  paymentsUnavailable: /*i18n*/ {
    id: 'error.payments.unavailable',
    message: 'Online payments are not available right now. You can still pay from your wallet balance.',
  },
  topUpMin: /*i18n*/ { id: 'error.top-up.min', message: 'The smallest top-up is {amount}.' },
  topUpMax: /*i18n*/ { id: 'error.top-up.max', message: 'The largest top-up is {amount}.' },
  cardFirst: /*i18n*/ { id: 'error.card.first', message: 'Save a card first, then turn auto-reload on.' },
  cardNotSaved: /*i18n*/ { id: 'error.card.not-saved', message: 'Your card was not saved. Please try again.' },
  cardNotYetSaved: /*i18n*/ { id: 'error.card.not-yet-saved', message: 'Your card is not saved yet. Finish on the payment page, or start again.' },
  amountTooSmall: /*i18n*/ { id: 'error.payment.too-small', message: 'This amount is too small to pay online. Please add a little more.' },
  amountTooLarge: /*i18n*/ { id: 'error.payment.too-large', message: 'This amount is too large to pay online in one go.' },

  // gift cards
  giftCardsOff: /*i18n*/ { id: 'error.gift-card.off', message: 'This shop does not sell gift cards right now.' },
  giftCardUnknown: /*i18n*/ { id: 'error.gift-card.unknown', message: 'We could not find that gift card. Check the number and try again.' },
  giftCardClaimed: /*i18n*/ { id: 'error.gift-card.claimed', message: 'This gift card has been added to a wallet already.' },
  giftCardRefunded: /*i18n*/ { id: 'error.gift-card.refunded', message: 'This gift card was refunded to the person who sent it.' },
  giftCardExpired: /*i18n*/ { id: 'error.gift-card.expired', message: 'This gift card has expired.' },
  giftCardOwn: /*i18n*/ {
    id: 'error.gift-card.own',
    message: 'This is a gift you sent. To get the {amount} back, refund it from your sent gifts.',
  },
  giftCardUnpaid: /*i18n*/ { id: 'error.gift-card.unpaid', message: 'This gift card was never paid for, so there is nothing to refund.' },
  giftCardInactive: /*i18n*/ {
    id: 'error.gift-card.inactive',
    message: 'This gift card has not been activated yet. It works once it is sold at the counter.',
  },
  giftCardActivated: /*i18n*/ { id: 'error.gift-card.activated', message: 'This gift card was activated already, with {amount}.' },
  giftCardEgift: /*i18n*/ {
    id: 'error.gift-card.egift',
    message: 'This is an eGift card, not a printed card: it is already paid for and cannot be activated or spent at the counter.',
  },
  giftCardEmpty: /*i18n*/ { id: 'error.gift-card.empty', message: 'There is nothing left on this gift card.' },
  giftCardShort: /*i18n*/ { id: 'error.gift-card.short', message: 'There is only {amount} left on this gift card.' },
  giftAmounts: /*i18n*/ { id: 'error.gift-card.amounts', message: 'Choose one of the amounts offered: {amounts}.' },
  giftAmountsOrRange: /*i18n*/ {
    id: 'error.gift-card.amounts-or-range',
    message: 'Choose one of the amounts offered: {amounts}, any amount from {min} to {max}.',
  },
  giftRange: /*i18n*/ { id: 'error.gift-card.range', message: 'Choose one of the amounts offered: any amount from {min} to {max}.' },
  giftDesigns: /*i18n*/ { id: 'error.gift-card.designs', message: 'Choose one of the designs offered.' },
  giftPast: /*i18n*/ { id: 'error.gift-card.past', message: 'Choose a time from now on.' },

  // receipts, feedback, referrals, addresses, notifications, privacy
  receiptUnknown: /*i18n*/ { id: 'error.receipt.unknown', message: 'We could not find this receipt. Check the link in your e-mail or text.' },
  receiptEmailFirst: /*i18n*/ { id: 'error.receipt.email-first', message: 'Verify your e-mail address first, then receipts can go there.' },
  receiptPhoneFirst: /*i18n*/ { id: 'error.receipt.phone-first', message: 'Add a phone number first, then receipts can go there by text.' },
  claimUnknown: /*i18n*/ { id: 'error.claim.unknown', message: 'We could not find this order. Open the link on your receipt again.' },
  claimedAlready: /*i18n*/ { id: 'error.claim.already', message: 'The points of this order were claimed already.' },
  claimNotPaid: /*i18n*/ { id: 'error.claim.not-paid', message: 'This order cannot earn points: it was not paid, or it was cancelled or refunded.' },
  claimOver: /*i18n*/ {
    id: 'error.claim.over',
    message: 'The day to claim the points of this order is over. Join now and your next order earns points.',
  },
  rateWhenCompleted: /*i18n*/ { id: 'error.feedback.when-completed', message: 'You can rate an order once it is completed.' },
  ratedAlready: /*i18n*/ { id: 'error.feedback.rated', message: 'You rated this order already. Thank you!' },
  referralCodeUnknown: /*i18n*/ {
    id: 'error.referral.code-unknown',
    message: 'This referral code is not one of ours. Check the link, or sign up without it.',
  },
  addressesMax: /*i18n*/ { id: 'error.address.max', message: 'You can save up to {max} addresses. Delete one to add another.' },
  pushUnavailable: /*i18n*/ {
    id: 'error.push.unavailable',
    message: "This shop doesn't send notifications to phones yet. You'll still find them in the app.",
  },
  accountDeleted: /*i18n*/ { id: 'error.account.deleted', message: 'This account was already deleted: it cannot come back.' },
  cardDownloads: /*i18n*/ { id: 'error.pass.downloads', message: 'You downloaded your card several times already. Please try again later.' },
};

/** notFound(what): "… was not found." for each thing a customer can look for (any other stays English). */
export const notFoundWords: Record<string, { id: string; message: string } | undefined> = {
  That: /*i18n*/ { id: 'error.not-found', message: 'That was not found.' },
  Customer: /*i18n*/ { id: 'error.not-found.customer', message: 'Customer was not found.' },
  'Your account': /*i18n*/ { id: 'error.not-found.account', message: 'Your account was not found.' },
  Order: /*i18n*/ { id: 'error.not-found.order', message: 'Order was not found.' },
  Product: /*i18n*/ { id: 'error.not-found.product', message: 'Product was not found.' },
  Option: /*i18n*/ { id: 'error.not-found.option', message: 'Option was not found.' },
  Category: /*i18n*/ { id: 'error.not-found.category', message: 'Category was not found.' },
  Shop: /*i18n*/ { id: 'error.not-found.shop', message: 'Shop was not found.' },
  Location: /*i18n*/ { id: 'error.not-found.location', message: 'Location was not found.' },
  'That location': /*i18n*/ { id: 'error.not-found.that-location', message: 'That location was not found.' },
  'That table': /*i18n*/ { id: 'error.not-found.table', message: 'That table was not found.' },
  Address: /*i18n*/ { id: 'error.not-found.address', message: 'Address was not found.' },
  Reward: /*i18n*/ { id: 'error.not-found.reward', message: 'Reward was not found.' },
  Voucher: /*i18n*/ { id: 'error.not-found.voucher', message: 'Voucher was not found.' },
  'That offer': /*i18n*/ { id: 'error.not-found.offer', message: 'That offer was not found.' },
  'That stamp card': /*i18n*/ { id: 'error.not-found.stamp-card', message: 'That stamp card was not found.' },
  Referral: /*i18n*/ { id: 'error.not-found.referral', message: 'Referral was not found.' },
  'Top-up': /*i18n*/ { id: 'error.not-found.top-up', message: 'Top-up was not found.' },
  Payment: /*i18n*/ { id: 'error.not-found.payment', message: 'Payment was not found.' },
  'Card setup': /*i18n*/ { id: 'error.not-found.card-setup', message: 'Card setup was not found.' },
  'Gift card': /*i18n*/ { id: 'error.not-found.gift-card', message: 'Gift card was not found.' },
  Feedback: /*i18n*/ { id: 'error.not-found.feedback', message: 'Feedback was not found.' },
  Delivery: /*i18n*/ { id: 'error.not-found.delivery', message: 'Delivery was not found.' },
  'That unsubscribe link': /*i18n*/ { id: 'error.not-found.unsubscribe-link', message: 'That unsubscribe link was not found.' },
};
