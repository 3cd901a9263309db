/** The calls of the customer's points, declared once (api.ts); their schemas are in points.ts, their words in points.spec.ts. */
import { call } from './api';
import type { PointHistoryBody, PointHistoryData } from './points';

export const pointsApi = {
  /** a POST in the contract; also the app's session check */
  history: call.customer.post<PointHistoryData, PointHistoryBody>('point/history'),
};
