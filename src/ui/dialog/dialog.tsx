import { useLingui } from '@lingui/react/macro';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useState, type ReactElement, type ReactNode, type Ref } from 'react';
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
  /** Element that opens the dialog (rendered with Radix `asChild`, so pass a Button or a <button>). */
  trigger?: ReactNode;
  /** Actions at the bottom (buttons). */
  footer?: ReactNode;
  children?: ReactNode;
  /** Label of the × button. */
  closeLabel?: string;
  /** "center" (default) or "sheet": a bottom sheet on phones, centred from the `sm` breakpoint. */
  placement?: 'center' | 'sheet';
}

/**
 * A modal dialog on Radix Dialog (docs/decisions/009-radix-dialog.md): it traps focus (its first control
 * takes it, or a field's autoFocus), gives it back on close, closes on Escape and on a click outside (the
 * parent decides, through onOpenChange, for a controlled one), and hides the page from assistive
 * technology and the pointer while open. It is rendered only while open, portalled to <body>, above the
 * toasts; one opened from another stacks above it and Escape closes the top one alone.
 */
export function Dialog({ open, defaultOpen, onOpenChange, trigger, ...rest }: DialogProps) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <Modal {...rest} hasTrigger={Boolean(trigger)} />
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** How many dialogs are open: the page does not scroll under any of them. */
let openDialogs = 0;

/**
 * The page's scroll lock, with the CSSOM (Radix's own, react-remove-scroll, writes a <style> element,
 * which the Content-Security-Policy's `style-src 'self'` blocks). The scrollbar's gutter stays, so the
 * page does not shift sideways; it is measured before the lock hides the scrollbar.
 */
function useScrollLock() {
  useLayoutEffect(() => {
    const html = document.documentElement;
    if (openDialogs++ === 0) {
      if (window.innerWidth > html.clientWidth) html.style.scrollbarGutter = 'stable';
      html.style.overflow = 'hidden';
    }
    return () => {
      if (--openDialogs > 0) return;
      html.style.removeProperty('overflow');
      html.style.removeProperty('scrollbar-gutter');
    };
  }, []);
}

function Modal({
  title,
  description,
  footer,
  children,
  closeLabel,
  placement = 'center',
  hasTrigger,
  ref,
}: Omit<DialogProps, 'open' | 'defaultOpen' | 'onOpenChange' | 'trigger'> & { hasTrigger: boolean; ref?: Ref<HTMLDivElement> }) {
  const { t } = useLingui();
  const sheet = placement === 'sheet';
  // What had focus as the dialog opened, read before a field's autoFocus inside it takes focus.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useScrollLock();
  return (
    // The backdrop, and the box that centres the dialog (or puts a sheet at the bottom). Over
    // react-toastify's container (z-index 9999): what a dialog has to say while open it says itself.
    // A click on it is outside the dialog: Radix closes it.
    <div ref={ref} className="fixed inset-0 z-[10000] flex bg-ink/50">
      <RadixDialog.Content
        onCloseAutoFocus={(e) => {
          // Focus goes back to the trigger (Radix) or, for a dialog the page opened, to what had it
          // then; unless the page has put it somewhere since the dialog closed.
          const active = document.activeElement;
          const lost = !active || active === document.body;
          if (lost && hasTrigger) return;
          e.preventDefault();
          if (lost && opener?.isConnected) opener.focus();
        }}
        // pointer-events-auto: Radix turns the page's pointer off as the dialog mounts and gives the
        // dialog its own back a render later; a tap in between landed on nothing. Its inline style still
        // wins when a dialog above this one takes the pointer.
        className={cx(
          'pointer-events-auto overflow-hidden bg-surface-raised text-ink shadow-xl outline-none',
          sheet
            ? 'mt-auto mb-0 w-full rounded-t-3xl sm:m-auto sm:w-[min(32rem,calc(100vw-2rem))] sm:rounded-3xl'
            : 'm-auto w-[min(32rem,calc(100vw-2rem))] rounded-3xl',
        )}
      >
        <div className={cx('flex max-h-[90dvh] flex-col gap-4 overflow-y-auto p-5', sheet && 'pb-[max(1.25rem,env(safe-area-inset-bottom))]')}>
          {sheet && <div aria-hidden="true" className="mx-auto -mt-2 h-1.5 w-10 shrink-0 rounded-full bg-border sm:hidden" />}
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description>}
            </div>
            <RadixDialog.Close
              aria-label={closeLabel ?? t`Close`}
              className={cx('-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface', focusRing)}
            >
              <CloseIcon size={20} />
            </RadixDialog.Close>
          </div>
          {children}
          {footer && <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
        </div>
      </RadixDialog.Content>
    </div>
  );
}

/** Wraps a button so it closes the surrounding Dialog or BottomSheet when clicked (after its own onClick, unless that prevents it). */
export function DialogClose({ children }: { children: ReactElement }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}

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
