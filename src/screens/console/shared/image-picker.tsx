import { useId, useRef, type ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FieldNotes, describedBy } from '../../../ui';

export interface ImagePickerProps {
  /** names the picker in the page (data-field), for tests and styles */
  field: string;
  label: string;
  hint: string;
  /** the image's URL now, or empty */
  value: string;
  uploading: boolean;
  error?: string | undefined;
  onUpload: (f: File) => void;
  onClear: () => void;
}

/** An image of the shop's (logo, product, reward): what it is now, Upload and Remove; the file's rules under it. */
export function ImagePicker({ field, label, hint, value, uploading, error, onUpload, onClear }: ImagePickerProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  // the image's name inside a sentence ("Upload logo")
  const what = label.toLowerCase();
  const id = useId();
  return (
    <div className="flex flex-col gap-2" data-field={field}>
      <p id={`${id}-label`} className="text-sm font-medium">
        {label}
      </p>
      <div className="flex items-center gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-border bg-surface">
          {value ? (
            <img src={value} alt={t`${label} now`} className="size-full object-contain" />
          ) : (
            <span className="text-xs text-muted">
              <Trans>None</Trans>
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy(id, true, error)}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              const file = e.target.files?.[0];
              if (file) onUpload(file);
              e.target.value = '';
            }}
            tabIndex={-1}
          />
          <Button variant="secondary" size="sm" loading={uploading} onClick={() => input.current?.click()} aria-label={t`Upload ${what}`}>
            <Trans>Upload</Trans>
          </Button>
          {value && (
            <Button variant="ghost" size="sm" onClick={onClear} aria-label={t`Remove ${what}`}>
              <Trans>Remove</Trans>
            </Button>
          )}
        </div>
      </div>
      <FieldNotes id={id} hint={<Trans>{hint} PNG, JPEG or WebP; a large photo is made smaller before it is sent.</Trans>} error={error} alert />
    </div>
  );
}
