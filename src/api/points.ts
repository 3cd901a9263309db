import { pointsApi } from '#contract/points.calls';
import { callApi } from './client';

/** point/history is a POST in the contract; it is also the app's session check. */
export const pointHistory = (customerId: number, page = 1) => callApi(pointsApi.history, { customer_id: customerId, page });
export const pointHistoryKey = (customerId: number, page = 1) => [pointsApi.history.path, { customer_id: customerId, page }] as const;
