import { CONFIG_VARIABLES } from '../../../server/config';

/** This process's environment without any variable the server reads (nor NODE_OPTIONS), plus `env`. */
export function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of [...CONFIG_VARIABLES, 'NODE_OPTIONS']) delete base[name];
  return { ...base, ...env };
}

/**
 * What production requires for text messages (it refuses to start without an SMS service), aimed at a
 * closed port on this machine: a test server started with it never reaches Twilio.
 */
export const PRODUCTION_SMS_ENV = {
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'test-auth-token',
  TWILIO_FROM: '+14155550100',
  TWILIO_API_BASE: 'http://127.0.0.1:9',
} as const;
