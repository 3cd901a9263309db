/** The console's backup status (owners). */
import { backupsApi } from '#contract/backups.calls';
import { useCall } from './use-call';

export const useBackupStatus = () => useCall(backupsApi.status);
