import useSWR from 'swr';
import { apiPost, fetcher } from './client';
import type { Customer } from './contract';

export const profileKey = 'customer/profile';
export const useProfile = () => useSWR<Customer>(profileKey, fetcher);
export const changeEmail = (email: string) => apiPost<{ customer: Customer }>('customer/change-email', { email });
