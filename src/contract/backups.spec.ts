/**
 * The spec of the backups calls: their declarations (backups.calls.ts) joined to their schemas
 * (backups.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { BACKUP_STALE_HOURS, backupStatusAnswer } from './backups';
import { backupsApi } from './backups.calls';

export const backupsSpec = /* @__PURE__ */ describe('Merchant console', backupsApi, {
  status: {
    summary: 'The last backup of the shop, and whether it is too old',
    description: `Owners only. \`last\`: the newest backup taken by the daily job or \`npm run backup\` (null: none yet); \`stale\`: none, or older than ${BACKUP_STALE_HOURS} hours.`,
    inContract: false,
    data: backupStatusAnswer,
    answer: 'The backup status.',
    message: 'Backup status loaded.',
  },
});
