import useSWR from 'swr';
import type { ChangeEmailData, Customer, EmailCodeSent } from '#contract';
import { cached } from './cached';
import { apiPost, fetcher } from './client';
import { useMutation, type Write } from './mutation';

export const profileKey = cached.profile;
export const useProfile = () => useSWR<Customer>(profileKey, fetcher);

/** An answer that is the customer as they now are: it is the profile. */
const showCustomer = ({ customer }: { customer: Customer }): Write[] => [{ key: profileKey, data: customer }];

/** Saves the address (unverified) and, when it can, e-mails a code to it (`verification`). */
const changeEmail = (email: string) => apiPost<ChangeEmailData>('customer/change-email', { email });
export const useChangeEmail = () => useMutation(changeEmail, { writes: showCustomer });

/**
 * E-mails a code to the customer's current address, named as the page shows it. Refused because the
 * address changed or was verified meanwhile (another tab): the profile is read again to show what is true.
 */
const requestEmailCode = (email: string) => apiPost<EmailCodeSent>('customer/email/verify/request', { email });
export const useRequestEmailCode = () =>
  useMutation(requestEmailCode, { refusals: { CONFLICT: { refreshes: [cached.profile] }, ALREADY_VERIFIED: { refreshes: [cached.profile] } } });

/** Checks the code e-mailed to the customer's address; answers the customer, verified. */
const verifyEmail = (code: string) => apiPost<{ customer: Customer }>('customer/email/verify', { code });
export const useVerifyEmail = () => useMutation(verifyEmail, { writes: showCustomer });
