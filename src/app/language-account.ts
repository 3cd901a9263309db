/**
 * The signed-in customer's language (docs/languages.md), kept on their account: loaded when someone signs
 * in (off the sign-in page's first load), so the sign-in page's switch and the account agree.
 */
import type { Customer } from '#contract';
import { customersApi } from '#contract/customers.calls';
import { isLanguage, type Language } from '#contract/languages';
import { callApi } from '../api/client';
import { currentLanguage, keepDeviceLanguage, speakLanguage } from '../i18n/language';

/**
 * After a sign-in: the account's language when it has one the shop offers (this device then keeps it
 * too), unless another was chosen on the sign-in page: that one is saved to the account (a failure leaves
 * the device's). A language only the browser asked for is not a choice: the account keeps none.
 */
export async function followCustomerLanguage(customer: Customer, offered: readonly Language[], chosenHere: boolean): Promise<void> {
  const stored = customer.language;
  if (isLanguage(stored) && offered.includes(stored) && !(chosenHere && stored !== currentLanguage())) {
    keepDeviceLanguage(stored);
    if (stored !== currentLanguage()) await speakLanguage(stored);
    return;
  }
  if (chosenHere) {
    await callApi(customersApi.language, { language: currentLanguage() }).catch(() => {});
  }
}
