import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { IMAGE_MAX_BYTES } from '#contract/staff-checks';
import { i18n } from '#i18n/i18n';
import { FIT_LONGEST_SIDE, fitImage, UNREADABLE_IMAGE } from '../../../../src/screens/console/shared/fit-image';
import { ImagePicker } from '../../../../src/screens/console/shared/image-picker';

/**
 * The console's image field with what the console does before an upload (fit-image.ts): a phone's large
 * photo is made smaller in the browser, in real Chromium (createImageBitmap, OffscreenCanvas), never refused.
 */
function Picker({ onFitted }: { onFitted: (file: File) => void }) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <ImagePicker
      field="product-image"
      label="Photo"
      hint="Shown on the menu."
      value=""
      uploading={busy}
      {...(error ? { error } : {})}
      onUpload={(file) => {
        setBusy(true);
        setError(undefined);
        void fitImage(file)
          .then(onFitted, (err: Error) => setError(err.message))
          .finally(() => setBusy(false));
      }}
      onClear={() => undefined}
    />
  );
}

const meta = {
  title: 'Console/Shared/Image picker',
  component: Picker,
  tags: ['console'],
  args: { onFitted: fn() },
} satisfies Meta<typeof Picker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A photo of noise (it compresses badly, as a real one does), 6000 × 4000, as a JPEG far over the upload limit. */
async function largePhoto(): Promise<File> {
  const canvas = new OffscreenCanvas(6000, 4000);
  const ctx = canvas.getContext('2d')!;
  const tile = ctx.createImageData(500, 500);
  for (let i = 0; i < tile.data.length; i++) tile.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
  for (let x = 0; x < 6000; x += 500) for (let y = 0; y < 4000; y += 500) ctx.putImageData(tile, x, y);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 1 });
  return new File([blob], 'IMG_2041.jpg', { type: 'image/jpeg' });
}

/** A 6000 × 4000 photo over the limit: sent at 2048 px on its longest side, under the limit, not refused. */
export const LargePhotoMadeSmaller: Story = {
  play: async ({ canvasElement, args }) => {
    const photo = await largePhoto();
    await expect(photo.size).toBeGreaterThan(IMAGE_MAX_BYTES);
    await userEvent.upload(canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!, photo);
    await waitFor(() => expect(args.onFitted).toHaveBeenCalled(), { timeout: 30_000 });
    const fitted = vi(args.onFitted);
    await expect(fitted.size).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    await expect(['image/webp', 'image/jpeg']).toContain(fitted.type);
    const bitmap = await createImageBitmap(fitted);
    await expect([bitmap.width, bitmap.height]).toEqual([FIT_LONGEST_SIDE, Math.round((FIT_LONGEST_SIDE * 4000) / 6000)]);
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

/** A file that is no image: a clear word on the field, nothing sent. */
export const UnreadableFile: Story = {
  play: async ({ canvasElement, args }) => {
    const junk = new File([new Uint8Array(3 * 1024 * 1024).fill(7)], 'photo.heic', { type: 'image/heic' });
    await userEvent.upload(canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!, junk, { applyAccept: false });
    await expect(await within(canvasElement).findByText(i18n._(UNREADABLE_IMAGE))).toBeVisible();
    await expect(args.onFitted).not.toHaveBeenCalled();
  },
};

/** The first file the mock was called with. */
function vi(mock: unknown): File {
  return (mock as { mock: { calls: File[][] } }).mock.calls[0]![0]!;
}
