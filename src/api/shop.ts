import useSWR from 'swr';
import type { CatalogData } from '#contract';
import { shopApi } from '#contract/shop.calls';
import { fetcher, keyOf } from './client';

export const catalogKey = keyOf(shopApi.catalog);
export const useCatalog = () => useSWR<CatalogData>(catalogKey, fetcher);
