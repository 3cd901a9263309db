/**
 * What the wallet passes need from the environment (server/config.ts reads it; docs/app.md "Wallet cards"
 * says how to get each part). Either half may be missing: its button does not show.
 */
export interface AppleWalletConfig {
  /** pass.com.example.loyalty: the Pass Type ID, also the APNs topic */
  passTypeId: string;
  teamId: string;
  /** PEM: the Pass Type ID certificate, its private key (and passphrase), Apple's WWDR intermediate */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string | undefined;
  wwdr: string;
  /** APNs origin: https://api.push.apple.com; a loopback fake only outside production */
  apnsUrl: string;
  /** accept a self-signed APNs certificate (a test's loopback fake only) */
  apnsInsecure?: boolean;
}

export interface GoogleWalletConfig {
  issuerId: string;
  /** the service account's e-mail and private key (PEM) */
  clientEmail: string;
  privateKey: string;
  /** https://walletobjects.googleapis.com/walletobjects/v1/ (ends in /); a loopback fake only outside production */
  apiBase: string;
  /** https://oauth2.googleapis.com/token */
  tokenUrl: string;
}

export interface PassesConfig {
  apple?: AppleWalletConfig | undefined;
  google?: GoogleWalletConfig | undefined;
}

export const APNS_PRODUCTION = 'https://api.push.apple.com';
export const GOOGLE_WALLET_API = 'https://walletobjects.googleapis.com/walletobjects/v1/';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
