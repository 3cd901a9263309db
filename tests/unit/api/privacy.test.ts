// @vitest-environment jsdom
/**
 * "Download my data" (issue 45): the file is named after the shop and the day of the export, in the
 * shop's time zone, and holds the export exactly as the provider answered it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataExportFileName, downloadMyData } from '../../../src/api/privacy';
import { privacyApi } from '#contract/privacy.calls';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the export file name', () => {
  it('names the shop by its short name and the day', () => {
    expect(dataExportFileName('Kopi Senja', new Date('2026-11-20T09:30:00Z'))).toBe('my-data-kopi-senja-2026-11-20.json');
  });

  it('takes the day in the shop time zone', () => {
    // 20 November 18:30 UTC is already 21 November in Manila
    expect(dataExportFileName('Kopi Senja', new Date('2026-11-20T18:30:00Z'), 'Asia/Manila')).toBe('my-data-kopi-senja-2026-11-21.json');
  });

  it('keeps letters and digits, drops accents and makes the rest dashes', () => {
    expect(dataExportFileName('  Café & Co. #1 ', new Date('2026-01-05T00:00:00Z'))).toBe('my-data-cafe-co-1-2026-01-05.json');
  });

  it('says "shop" when there is no usable name', () => {
    expect(dataExportFileName(undefined, new Date('2026-01-05T00:00:00Z'))).toBe('my-data-shop-2026-01-05.json');
    expect(dataExportFileName(' -- ', new Date('2026-01-05T00:00:00Z'))).toBe('my-data-shop-2026-01-05.json');
  });
});

describe('downloading the export', () => {
  it('saves what the provider answered as a JSON file dated by the export', async () => {
    const exported = { format: 'loyalty-customer-data', version: 1, exported_at: '2026-11-20T09:30:00.000Z', shop: { name: 'Kopi Senja' } };
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'Your data.', data: exported }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:export';
    });
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    await downloadMyData('Kopi Senja', 'Asia/Manila');

    expect(fetch).toHaveBeenCalledWith(`/api/${privacyApi.dataExport.path}`, expect.objectContaining({ method: 'GET' }));
    expect(clicked).toEqual([{ href: 'blob:export', download: 'my-data-kopi-senja-2026-11-20.json', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(saved?.type).toBe('application/json');
    expect(JSON.parse(await saved!.text())).toEqual(exported);
  });

  it('saves nothing when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Please sign in.', error: { code: 'UNAUTHORIZED' } }), { status: 401 })),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(downloadMyData('Kopi Senja')).rejects.toThrow('Please sign in.');
    expect(click).not.toHaveBeenCalled();
  });
});
