import useSWR from 'swr';
import { fetcher } from './client';
import type { CatalogData } from '#contract';

export const catalogKey = 'shop/catalog';
export const useCatalog = () => useSWR<CatalogData>(catalogKey, fetcher);
