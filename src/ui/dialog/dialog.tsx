import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from '../icon/icon';
import { Button } from '../button/button';
import { cx, focusRing } from '../lib/cx';

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Required: the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** Element that opens the dialog (rendered with Radix `asChild`, so pass a Button). */
  trigger?: ReactNode;
  /** Actions at the bottom (buttons). */
  footer?: ReactNode;
  children?: ReactNode;
  /** Label of the × button. */
  closeLabel?: string;
  /** "center" (default) or "sheet": a bottom sheet on phones, centred from the `sm` breakpoint. */
  placement?: 'center' | 'sheet';
}

export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  title,
  description,
  trigger,
  footer,
  children,
  closeLabel = 'Close',
  placement = 'center',
}: DialogProps) {
  const sheet = placement === 'sheet';
  // Radix returns focus to its Trigger only: a dialog opened by the page (no `trigger`) returns it to
  // what had it when the dialog opened, so a keyboard user goes on from where they were.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(trigger
            ? {}
            : {
                onOpenAutoFocus: () => {
                  opener.current = document.activeElement as HTMLElement | null;
                },
                onCloseAutoFocus: (e: Event) => {
                  e.preventDefault();
                  opener.current?.focus();
                },
              })}
          className={cx(
            'fixed z-50 flex max-h-[90dvh] flex-col gap-4 overflow-y-auto bg-surface-raised p-5 text-ink shadow-xl',
            sheet
              ? 'inset-x-0 bottom-0 rounded-t-3xl pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[min(32rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl'
              : 'top-1/2 left-1/2 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl',
          )}
        >
          {sheet && <div aria-hidden="true" className="mx-auto -mt-2 h-1.5 w-10 rounded-full bg-border sm:hidden" />}
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description>}
            </div>
            <RadixDialog.Close
              aria-label={closeLabel}
              className={cx('-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface', focusRing)}
            >
              <CloseIcon size={20} />
            </RadixDialog.Close>
          </div>
          {children}
          {footer && <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps a button so it closes the surrounding Dialog or BottomSheet when clicked. */
export const DialogClose = RadixDialog.Close;

/**
 * Asks before removing something: "Remove {name}?", what removing it does, and Keep / Remove.
 * Open while `item` is set; `onClose` clears it, whichever button (or Escape) closed it.
 */
export function ConfirmRemove<T extends { name: string }>({
  item,
  description,
  onRemove,
  onClose,
  verb = 'Remove',
}: {
  item: T | null;
  description: ReactNode;
  onRemove: (item: T) => void;
  onClose: () => void;
  /** what removing is called here (Archive, Delete): the title's question and the button's word */
  verb?: string;
}) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={item ? `${verb} ${item.name}?` : verb}
      description={description}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Keep
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (item) onRemove(item);
              onClose();
            }}
          >
            {verb}
          </Button>
        </div>
      }
    />
  );
}
