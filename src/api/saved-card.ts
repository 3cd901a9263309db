import { savedCardApi } from '#contract/saved-card.calls';
import type { AutoReloadBody } from '#contract/saved-card';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** The saved card and auto-reload (issue 49): the card, the settings, whether they are paused and why. */
export const useAutoReload = () => useCall(savedCardApi.status);

const status = [savedCardApi.status.path];

/** Opens the payment gateway's page to save a card: nothing changes until the customer comes back. */
export const useStartCardSetup = () => useMutation(() => callApi(savedCardApi.setup), { refreshes: [] });
/** Back from the gateway's page: the card is kept once the gateway says it was saved. */
export const useConfirmCard = () => useMutation((setupId: string) => callApi(savedCardApi.confirm, { setup_id: setupId }), { refreshes: status });
export const useRemoveCard = () => useMutation(() => callApi(savedCardApi.remove), { refreshes: status });
export const useUpdateAutoReload = () => useMutation((body: AutoReloadBody) => callApi(savedCardApi.update, body), { refreshes: status });
