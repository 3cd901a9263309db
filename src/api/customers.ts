/**
 * The shop's customers: the customer's own profile, e-mail address and birth date; in the merchant console, staff
 * look customers up and owners adjust their points (hooks the customer app never uses, so never in its
 * build).
 */
import { staffApi } from '#contract/staff.calls';
import type { BirthdayBody, Customer } from '#contract';
import { customersApi, customersConsoleApi } from '#contract/customers.calls';
import { callApi } from './client';
import { pagesOf, useCall } from './use-call';
import { useCallPages } from './use-call-pages';
import { useMutation, type Write } from './mutation';

export const profileKey = customersApi.profile.path;
export const useProfile = () => useCall(customersApi.profile);
/** The profile only while `on` (the wallet offline reads its balance from the kept copy): no read otherwise. */
export const useProfileWhile = (on: boolean) => useCall(on ? customersApi.profile : null);

/** An answer that is the customer as they now are: it is the profile. */
const showCustomer = ({ customer }: { customer: Customer }): Write[] => [{ key: profileKey, data: customer }];

/** Saves the address (unverified) and, when it can, e-mails a code to it (`verification`). */
const changeEmail = (email: string) => callApi(customersApi.changeEmail, { email });
export const useChangeEmail = () => useMutation(changeEmail, { writes: showCustomer });

/**
 * E-mails a code to the customer's current address, named as the page shows it. Refused because the
 * address changed or was verified meanwhile (another tab): the profile is read again to show what is true.
 */
const requestEmailCode = (email: string) => callApi(customersApi.emailVerifyRequest, { email });
export const useRequestEmailCode = () =>
  useMutation(requestEmailCode, {
    refusals: { CONFLICT: { refreshes: [customersApi.profile.path] }, ALREADY_VERIFIED: { refreshes: [customersApi.profile.path] } },
  });

/** Checks the code e-mailed to the customer's address; answers the customer, verified. */
const verifyEmail = (code: string) => callApi(customersApi.emailVerify, { code });
export const useVerifyEmail = () => useMutation(verifyEmail, { writes: showCustomer });

/** Adds or changes the birth date; removes it. Each answers the customer, shown as the profile at once. */
/** The name the shop calls the customer by; the profile's answer shows it at once. */
export const useChangeName = () => useMutation((name: string) => callApi(customersApi.name, { name }), { writes: showCustomer });
export const useSaveBirthday = () => useMutation((birthday: BirthdayBody) => callApi(customersApi.birthday, birthday), { writes: showCustomer });
export const useRemoveBirthday = () => useMutation(() => callApi(customersApi.removeBirthday), { writes: showCustomer });

// ---------------------------------------------------------------------------------------------
// The merchant console's look-up and points adjustments
// ---------------------------------------------------------------------------------------------

/** Customers whose phone, name or e-mail holds `q` (every customer when empty), page by page. */
export function useCustomerSearch(q: string) {
  return useCallPages(pagesOf(customersConsoleApi.search, (page) => ({ q, page })));
}

export const useCustomerDetail = (id: number | null) => useCall(customersConsoleApi.detail, id ? { id } : null);

/**
 * The owner's points adjustment. The idempotency key is made once per form submission (the caller
 * keeps it for a retry of the same adjustment), so a double click or a lost answer never adjusts twice.
 */
export const useAdjustPoints = () =>
  useMutation(
    (customerId: number, points: number, reason: string, key: string) =>
      callApi(customersConsoleApi.adjustPoints, { customer_id: customerId, points, reason, idempotency_key: key }),
    { refreshes: [customersConsoleApi.search.path, customersConsoleApi.detail.path, staffApi.audit.path], wait: true },
  );
