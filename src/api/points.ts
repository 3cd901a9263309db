import type { Language } from '#contract/languages';
import { pointsApi } from '#contract/points.calls';
import { callApi } from './client';
import { pagesOf } from './use-call';

/** point/history is a POST in the contract; it is also the app's session check. */
export const pointHistory = (customerId: number, page = 1) => callApi(pointsApi.history, { customer_id: customerId, page });
/** The customer's point history, page by page (its key carries the body), its reasons in `lang` (the customer app passes useLanguage()). */
export const pointHistoryPages = (customerId: number, lang?: Language) => pagesOf(pointsApi.history, (page) => ({ customer_id: customerId, page, lang }));
