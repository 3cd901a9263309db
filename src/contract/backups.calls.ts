/** The call of the console's backup status, declared once (api.ts); its schema and words are in backups.ts. */
import { call, consoleCalls } from './api';
import type { BackupStatusData } from './backups';

/** console calls: the customer app's build drops them */
export const backupsApi = consoleCalls(() => ({
  status: call.owner.get<BackupStatusData>('merchant/backups'),
}));
