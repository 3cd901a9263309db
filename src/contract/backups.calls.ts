/** The call of the console's backup status, declared once (api.ts); its schema is in backups.ts, its words in backups.spec.ts. */
import { call, consoleCalls } from './api';
import type { BackupStatusData } from './backups';

/** console calls: the customer app's build drops them */
export const backupsApi = consoleCalls(() => ({
  status: call.owner.get<BackupStatusData>('merchant/backups'),
}));
