import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal, flushSync } from 'react-dom';
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
  /** Element that opens the dialog (a Button: it gets the click handler that opens it). */
  trigger?: ReactNode;
  /** Actions at the bottom (buttons). */
  footer?: ReactNode;
  children?: ReactNode;
  /** Label of the × button. */
  closeLabel?: string;
  /** "center" (default) or "sheet": a bottom sheet on phones, centred from the `sm` breakpoint. */
  placement?: 'center' | 'sheet';
}

type Clickable = { onClick?: (e: MouseEvent<HTMLElement>) => void };

/** What DialogClose calls: closes the dialog around it. */
const CloseContext = createContext<() => void>(() => {});

/**
 * A modal dialog: the platform's own <dialog>, opened with showModal(). The browser puts it in the top
 * layer above everything, makes the page behind it inert and sends Escape as a `cancel` event; the page
 * does not scroll under it (`html:has(dialog[open])` in src/base.css). It is rendered only while open.
 */
export function Dialog({ open, defaultOpen = false, onOpenChange, trigger, ...rest }: DialogProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const isOpen = open ?? uncontrolled;
  // who gets focus back on close: the trigger, or what had focus when the dialog opened
  const opener = useRef<HTMLElement | null>(null);
  const setOpen = (next: boolean) => {
    if (open === undefined) setUncontrolled(next);
    onOpenChange?.(next);
  };
  return (
    <>
      {isValidElement<Clickable & { 'aria-haspopup'?: string; 'aria-expanded'?: boolean }>(trigger)
        ? cloneElement(trigger, {
            'aria-haspopup': 'dialog',
            'aria-expanded': isOpen,
            onClick: (e: MouseEvent<HTMLElement>) => {
              trigger.props.onClick?.(e);
              if (e.defaultPrevented) return;
              opener.current = e.currentTarget;
              setOpen(true);
            },
          })
        : trigger}
      {isOpen && createPortal(<Modal {...rest} opener={opener} onDismiss={() => setOpen(false)} />, document.body)}
    </>
  );
}

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Opens the <dialog> as a modal on mount and closes it on unmount, giving focus back to `opener` (or to
 * what had it when it opened). Returns whether it is open yet.
 */
function useShowModal(ref: RefObject<HTMLDialogElement | null>, opener: RefObject<HTMLElement | null>, onDismiss: () => void) {
  // The content is rendered once the dialog is open: a field's autoFocus cannot focus into a closed one.
  const [shown, setShown] = useState(false);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useLayoutEffect(() => {
    const el = ref.current!;
    const html = document.documentElement;
    const from = opener.current ?? (document.activeElement as HTMLElement | null);
    let mounted = true;
    // The page's scrollbar goes while a dialog is open: its gutter stays, so the page does not shift.
    if (!document.querySelector('dialog[open]') && window.innerWidth > html.clientWidth) html.style.scrollbarGutter = 'stable';
    // Escape and other close requests: the parent decides (a controlled dialog stays open until it says).
    const onCancel = (e: Event) => {
      if (!e.cancelable) return; // the browser closes it: onClose below
      e.preventDefault();
      dismiss.current();
    };
    // The browser closes it anyway on a repeated close request without a user action in between.
    const onClose = () => {
      flushSync(() => dismiss.current());
      if (mounted && !el.open) el.showModal();
    };
    el.addEventListener('cancel', onCancel);
    el.addEventListener('close', onClose);
    if (!el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', ''); // jsdom has no showModal
    }
    setShown(true);
    return () => {
      mounted = false;
      el.removeEventListener('cancel', onCancel);
      el.removeEventListener('close', onClose);
      const active = document.activeElement;
      const focusInside = !active || active === document.body || el.contains(active);
      if (el.open) {
        if (typeof el.close === 'function') el.close();
        else el.removeAttribute('open');
      }
      if (!document.querySelector('dialog[open]')) html.style.removeProperty('scrollbar-gutter');
      if (focusInside && from?.isConnected) from.focus();
    };
  }, [ref, opener]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const active = document.activeElement;
    if (active && active !== el && el.contains(active)) return; // a field's autoFocus took it
    (el.querySelector<HTMLElement>(FOCUSABLE) ?? el).focus();
  }, [ref, shown]);

  return shown;
}

function Modal({
  title,
  description,
  footer,
  children,
  closeLabel = 'Close',
  placement = 'center',
  opener,
  onDismiss,
}: Omit<DialogProps, 'open' | 'defaultOpen' | 'onOpenChange' | 'trigger'> & { opener: RefObject<HTMLElement | null>; onDismiss: () => void }) {
  const sheet = placement === 'sheet';
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const shown = useShowModal(ref, opener, onDismiss);
  // a click closes on the backdrop only when the press began there too (not a text selection dragged out)
  const pressedBackdrop = useRef(false);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        // handled here, so a dialog opened from inside another closes alone
        e.preventDefault();
        e.stopPropagation();
        onDismiss();
      }}
      onPointerDown={(e) => {
        pressedBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        // the content fills the <dialog>, so a click on the <dialog> itself is on its backdrop
        if (e.target === e.currentTarget && pressedBackdrop.current) onDismiss();
      }}
      className={cx(
        'max-h-none max-w-none overflow-hidden bg-surface-raised p-0 text-ink shadow-xl backdrop:bg-ink/50',
        sheet
          ? 'mt-auto mb-0 w-full rounded-t-3xl sm:m-auto sm:w-[min(32rem,calc(100vw-2rem))] sm:rounded-3xl'
          : 'm-auto w-[min(32rem,calc(100vw-2rem))] rounded-3xl',
      )}
    >
      {shown && (
        <CloseContext.Provider value={onDismiss}>
          <div className={cx('flex max-h-[90dvh] flex-col gap-4 overflow-y-auto p-5', sheet && 'pb-[max(1.25rem,env(safe-area-inset-bottom))]')}>
            {sheet && <div aria-hidden="true" className="mx-auto -mt-2 h-1.5 w-10 shrink-0 rounded-full bg-border sm:hidden" />}
            <div className="flex items-start justify-between gap-4">
              <div className="flex flex-col gap-1">
                <h2 id={titleId} className="text-lg font-semibold">
                  {title}
                </h2>
                {description && (
                  <p id={descriptionId} className="text-sm text-muted">
                    {description}
                  </p>
                )}
              </div>
              <button
                type="button"
                aria-label={closeLabel}
                onClick={onDismiss}
                className={cx('-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface', focusRing)}
              >
                <CloseIcon size={20} />
              </button>
            </div>
            {children}
            {footer && <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
          </div>
        </CloseContext.Provider>
      )}
    </dialog>
  );
}

/** Wraps a button so it closes the surrounding Dialog or BottomSheet when clicked (after its own onClick). */
export function DialogClose({ children }: { children: ReactElement<Clickable> }) {
  const close = useContext(CloseContext);
  return cloneElement(children, {
    onClick: (e: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(e);
      if (!e.defaultPrevented) close();
    },
  });
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
