/** The calls of the wallet, declared once (api.ts); their schemas are in wallet.ts, their words in wallet.spec.ts. */
import { call } from './api';
import type { PageQuery, TopupBody, TopupData, TopupStatusData, TopupStatusQuery, WalletBalanceData, WalletHistoryData } from './wallet';

export const walletApi = {
  balance: call.customer.get<WalletBalanceData>('wallet/balance'),
  history: call.customer.get<WalletHistoryData, PageQuery>('wallet/history'),
  topup: call.customer.post<TopupData, TopupBody>('wallet/topup', { status: 201, idempotent: true }),
  topupStatus: call.customer.get<TopupStatusData, TopupStatusQuery>('wallet/topup/status'),
};
