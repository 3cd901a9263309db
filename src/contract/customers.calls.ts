/** The calls of the shop's customers, declared once (api.ts); their schemas are in customers.ts, their words in customers.spec.ts. */
import { call, consoleCalls } from './api';
import type { BirthdayBody } from './birthday';
import type {
  AdjustPointsBody,
  AdjustPointsData,
  ChangeEmailBody,
  ChangeEmailData,
  Customer,
  CustomerDetailData,
  CustomerDetailQuery,
  CustomerOnlyData,
  CustomerSearchData,
  CustomerSearchQuery,
  EmailCodeSent,
  EmailVerifyBody,
  EmailVerifyRequestBody,
  LanguageBody,
  NameBody,
} from './customers';

/** The customer's own: the profile, the name, the e-mail address (saved unverified, proved with a code e-mailed to it) and the birth date. */
export const customersApi = {
  profile: call.customer.get<Customer>('customer/profile'),
  name: call.customer.post<CustomerOnlyData, NameBody>('customer/name'),
  changeEmail: call.customer.post<ChangeEmailData, ChangeEmailBody>('customer/change-email'),
  emailVerifyRequest: call.customer.post<EmailCodeSent, EmailVerifyRequestBody>('customer/email/verify/request'),
  emailVerify: call.customer.post<CustomerOnlyData, EmailVerifyBody>('customer/email/verify'),
  birthday: call.customer.post<CustomerOnlyData, BirthdayBody>('customer/birthday'),
  removeBirthday: call.customer.post<CustomerOnlyData>('customer/birthday/remove'),
  language: call.customer.post<CustomerOnlyData, LanguageBody>('customer/language'),
};

/** The merchant console's: staff look customers up, owners adjust their points. Never made by the customer app. */
export const customersConsoleApi = consoleCalls(() => ({
  search: call.staff.get<CustomerSearchData, CustomerSearchQuery>('merchant/customers'),
  detail: call.staff.get<CustomerDetailData, CustomerDetailQuery>('merchant/customers/detail'),
  /** the key is the staff member's: one owner's key never answers another's adjustment */
  adjustPoints: call.owner.post<AdjustPointsData, AdjustPointsBody>('merchant/customers/adjust-points', { status: 201, idempotent: true }),
}));
