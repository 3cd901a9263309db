/** The viewports screens are designed at: every screen is screenshot on a phone and a desktop. */
export const VIEWPORTS = {
  phone: { name: 'Phone 390×844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  desktop: { name: 'Desktop 1280×800', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
  // a tablet upright at the counter; screenshot only for the stories that ask (parameters.screenshotViewports)
  tablet: { name: 'Tablet upright 820×1180', styles: { width: '820px', height: '1180px' }, type: 'tablet' },
  // a tablet on its side on the kitchen's wall (the station screen); screenshot only for the stories that ask
  'tablet-landscape': { name: 'Tablet landscape 1180×820', styles: { width: '1180px', height: '820px' }, type: 'tablet' },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Every screen story's screenshots; a story adds others with `parameters.screenshotViewports`, and leaves
 * some of these out with `parameters.noScreenshotOn` (a screen never used there, as the station screen on a phone).
 */
export const SHOT_VIEWPORTS: readonly ViewportName[] = ['phone', 'desktop'];
