/** The calls of each customer's own data (issue 45), declared once (api.ts); their schemas are in privacy.ts, their words in privacy.spec.ts. */
import { call, consoleCalls } from './api';
import type { CustomerDataExport, DataExportQuery, DeletionBody, DeletionData, DeletionRequestBody, DeletionStatusData } from './privacy';

/** The customer's: a copy of everything the shop holds on them, and leaving. */
export const privacyApi = {
  dataExport: call.customer.get<CustomerDataExport>('customer/data'),
  deletion: call.customer.get<DeletionStatusData>('customer/deletion'),
  /**
   * Ends every session of the customer's (signing in again within the cooling-off period cancels the
   * deletion). Not a `signs: 'out'` call: those clear the cookie whatever the answer, and a refused
   * request (no confirmation) must leave the customer signed in; the browser's next call finds its
   * session ended and the gateway clears the cookie then.
   */
  requestDeletion: call.customer.post<DeletionData, DeletionRequestBody>('customer/deletion/request'),
};

/** The owner's, for a customer who asks at the counter: both audited. */
export const privacyConsoleApi = consoleCalls(() => ({
  dataExport: call.owner.get<CustomerDataExport, DataExportQuery>('merchant/customers/data'),
  requestDeletion: call.owner.post<DeletionData, DeletionBody>('merchant/customers/deletion/request'),
  cancelDeletion: call.owner.post<DeletionData, DeletionBody>('merchant/customers/deletion/cancel'),
}));
