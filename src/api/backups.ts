/** The console's backup status (owners). */
import useSWR from 'swr';
import type { BackupStatusData } from '#contract/backups';
import { backupsApi } from '#contract/backups.calls';
import { fetcher, keyOf } from './client';

export const useBackupStatus = () => useSWR<BackupStatusData>(keyOf(backupsApi.status), fetcher);
