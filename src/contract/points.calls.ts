/** The calls of the customer's points, declared once (api.ts); their schemas and words are in points.ts. */
import { call } from './api';
import type { PointHistoryBody, PointHistoryData } from './points';

export const pointsApi = {
  /** a POST in the contract; also the app's session check */
  history: call.customer.post<PointHistoryData, PointHistoryBody>('point/history'),
};
