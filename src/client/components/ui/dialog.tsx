import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps } from 'react';
import { slotted } from './slotted';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = slotted(DialogPrimitive.Overlay, 'dialog-overlay', 'fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in');

const DialogContentPart = slotted(
  DialogPrimitive.Content,
  'dialog-content',
  'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg data-[state=open]:animate-fade-in',
);

export function DialogContent({ children, hideClose = false, ...props }: ComponentProps<typeof DialogPrimitive.Content> & { hideClose?: boolean }) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogContentPart {...props}>
        {children}
        {!hideClose && (
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm p-1 text-gray-600 opacity-80 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring">
            <XIcon className="size-5" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogContentPart>
    </DialogPortal>
  );
}

export const DialogHeader = slotted('div', 'dialog-header', 'flex flex-col gap-1.5 pr-8 text-left');

export const DialogFooter = slotted('div', 'dialog-footer', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');

export const DialogTitle = slotted(DialogPrimitive.Title, 'dialog-title', 'text-lg leading-tight font-semibold text-gray-900');

export const DialogDescription = slotted(DialogPrimitive.Description, 'dialog-description', 'text-sm text-muted-foreground');
