/**
 * A declared call's address on the app's server, `/api/<path>` with its path parameters filled in, for
 * test code that makes the request itself (fetch, page.request, raw HTTP) rather than spell the path.
 */
import type { Call } from '#contract/api';
import { pathOf } from '../../support/calls';

export const apiUrl = (declaration: Call<any, any>, params?: Record<string, string | number>): string => `/api/${pathOf(declaration, params)}`;
