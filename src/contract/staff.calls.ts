/** The calls of the console's sign-in, its team and its activity log, declared once (api.ts); their schemas are in staff.ts, their words in staff.spec.ts. */
import { call, consoleCalls } from './api';
import type {
  AuditListData,
  AuditQuery,
  EndedData,
  PendingInvitesData,
  StaffInviteData,
  StaffInviteInput,
  StaffLinkData,
  StaffListData,
  StaffLoginInput,
  StaffMeData,
  StaffPasswordInput,
  StaffResetInput,
  StaffSessionData,
  StaffSessionState,
  StaffSetupInput,
  StaffUpdateInput,
} from './staff';

/** console calls: the customer app's build drops them (its modules name them only in console hooks it never uses) */
export const staffApi = consoleCalls(() => ({
  setup: call.anyone.post<StaffSessionData, StaffSetupInput>('merchant/auth/setup', { status: 201, session: 'staff', signs: 'in' }),
  acceptInvite: call.anyone.post<StaffSessionData, StaffSetupInput>('merchant/auth/accept-invite', { status: 201, session: 'staff', signs: 'in' }),
  link: call.anyone.post<StaffLinkData, { token: string }>('merchant/auth/link', { session: 'staff' }),
  session: call.anyone.get<StaffSessionState>('merchant/auth/session', { session: 'staff' }),
  forgot: call.anyone.post<null, { email: string }>('merchant/auth/forgot', { session: 'staff' }),
  reset: call.anyone.post<null, StaffResetInput>('merchant/auth/reset', { session: 'staff' }),
  password: call.staff.post<EndedData, StaffPasswordInput>('merchant/auth/password'),
  login: call.anyone.post<StaffSessionData, StaffLoginInput>('merchant/auth/login', { session: 'staff', signs: 'in' }),
  logout: call.staff.post<null>('merchant/auth/logout', { signs: 'out' }),
  logoutAll: call.staff.post<EndedData>('merchant/auth/logout-all', { signs: 'out' }),
  me: call.staff.get<StaffMeData>('merchant/me'),
  team: call.owner.get<StaffListData>('merchant/staff'),
  invite: call.owner.post<StaffInviteData, StaffInviteInput>('merchant/staff/invite', { status: 201 }),
  invites: call.owner.get<PendingInvitesData>('merchant/staff/invites'),
  revokeInvite: call.owner.post<null, { id: number }>('merchant/staff/invites/revoke'),
  update: call.owner.post<StaffMeData, StaffUpdateInput>('merchant/staff/update'),
  remove: call.owner.post<null, { id: number }>('merchant/staff/remove'),
  audit: call.owner.get<AuditListData, AuditQuery>('merchant/audit'),
}));
