import { Dialog, type DialogProps } from '../dialog/dialog';

export type BottomSheetProps = Omit<DialogProps, 'placement'>;

/** A dialog that slides up from the bottom on phones and is a centred dialog on wider screens. */
export function BottomSheet(props: BottomSheetProps) {
  return <Dialog {...props} placement="sheet" />;
}
export { DialogClose as BottomSheetClose } from '../dialog/dialog';
