/** The merchant's site settings (settings/main-setting). Part of the contract (src/contract): free of React, of the browser and of Express. */

export type SiteVersion = 'Lite' | 'Full';

export interface SiteSettings {
  setting_company: string;
  /** favicon URL */
  post_title: string;
  /** logo URL */
  post_file: string;
  landing_body_background_image: string;
  landing_body_background_color: string;
  version: SiteVersion | string;
  currency: string;
  locale: string;
  /** extension: the merchant's id, checked by the alternative login link */
  merchant_id?: string;
  /** extension: brand colours */
  brand_color?: string;
  accent_color?: string;
  /** extension (theme studio): text on the brand colour, and on the landing background colour; absent: black or white, whichever reads better */
  brand_text_color?: string;
  landing_text_color?: string;
  /** extension: business settings a customer sees */
  timezone?: string;
  min_order?: number;
  delivery_fee?: number;
  default_country_code?: string;
  pickup_address?: string;
  /**
   * extension: whether a payment gateway takes top-ups and online order payments. When false those
   * answer 503 PAYMENTS_UNAVAILABLE; paying from the wallet balance still works. Absent: assume true.
   */
  online_payments?: boolean;
}
