import useSWR from 'swr';
import { apiPost, fetcher } from './client';
import type { ChangeEmailData, Customer, EmailCodeSent } from '#contract';

export const profileKey = 'customer/profile';
export const useProfile = () => useSWR<Customer>(profileKey, fetcher);
/** Saves the address (unverified) and, when it can, e-mails a code to it (`verification`). */
export const changeEmail = (email: string) => apiPost<ChangeEmailData>('customer/change-email', { email });
/** E-mails a code to the customer's current address, named as the page shows it. */
export const requestEmailCode = (email: string) => apiPost<EmailCodeSent>('customer/email/verify/request', { email });
/** Checks the code e-mailed to the customer's address; answers the customer, verified. */
export const verifyEmail = (code: string) => apiPost<{ customer: Customer }>('customer/email/verify', { code });
