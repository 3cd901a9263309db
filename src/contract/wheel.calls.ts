/**
 * The calls of the spin-and-win wheel, declared once (api.ts): the customer's (the wheel, a spin) and
 * the owner's wheel in the merchant console. Their schemas are in wheel.ts, their words in wheel.spec.ts.
 */
import { call, consoleCalls } from './api';
import type { Language } from './languages';
import type { SpinData, WheelConfig, WheelConfigData, WheelEditorData } from './wheel';

export const wheelApi = {
  config: call.customer.get<WheelConfigData>('wheel/config'),
  spin: call.customer.post<SpinData, { idempotency_key: string; lang?: Language }>('wheel/spin', { idempotent: true }),
};

/**
 * The owner's wheel in the merchant console. Console calls (consoleCalls): the customer app imports this
 * file for the calls above, and its build drops these, which it never makes.
 */
export const wheelEditorApi = consoleCalls(() => ({
  editor: call.owner.get<WheelEditorData>('merchant/wheel'),
  publish: call.owner.post<WheelEditorData, WheelConfig>('merchant/wheel/publish', { status: 201 }),
}));
