import useSWR from 'swr';
import { cached } from './cached';
import { fetcher } from './client';
import type { CatalogData } from '#contract';

export const catalogKey = cached.catalog;
export const useCatalog = () => useSWR<CatalogData>(catalogKey, fetcher);
