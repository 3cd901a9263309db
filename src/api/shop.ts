import { shopApi } from '#contract/shop.calls';
import { useCall } from './use-call';

export const useCatalog = () => useCall(shopApi.catalog);
