/** The wallet card (Apple Wallet, Google Wallet): which buttons show, the pass's address, the Google link. */
import { passesApi } from '#contract/passes.calls';
import { apiUrl, callApi } from './client';
import { useCall } from './use-call';

/** `open`: the member card is on screen (else nothing is asked). Kept for the session: configuration changes with a restart. */
export const usePassStatus = (open: boolean) => useCall(open ? passesApi.status : null, undefined, { revalidateOnFocus: false });

/** Where the .pkpass downloads (the session cookie goes along; Safari on iOS opens it in Wallet). */
export const applePassUrl = () => apiUrl(passesApi.apple.path);

/** The "Save to Google Wallet" link, made when asked (it carries the points of now). */
export const googleWalletLink = async () => (await callApi(passesApi.google)).url;

/** Turns the customer's wallet cards off (a lost phone): the old cards stop working; adding the card again makes a new one. */
export const revokeWalletCards = async () => (await callApi(passesApi.revoke)).revoked;
