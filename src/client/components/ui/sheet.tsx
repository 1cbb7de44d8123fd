import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { type ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { slotted } from './slotted';

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

const sides = {
  right: 'inset-y-0 right-0 h-full w-4/5 max-w-sm border-l',
  left: 'inset-y-0 left-0 h-full w-4/5 max-w-sm border-r',
  top: 'inset-x-0 top-0 border-b',
  bottom: 'inset-x-0 bottom-0 border-t',
} as const;

export function SheetContent({ className, children, side = 'right', ...props }: ComponentProps<typeof SheetPrimitive.Content> & { side?: keyof typeof sides }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-fade-in" />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn('fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background p-6 shadow-lg data-[state=open]:animate-fade-in', sides[side], className)}
        {...props}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-4 right-4 rounded-sm p-1 text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-ring">
          <XIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">Close menu</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export const SheetHeader = slotted('div', 'sheet-header', 'flex flex-col gap-1.5 pr-8');

export const SheetTitle = slotted(SheetPrimitive.Title, 'sheet-title', 'text-lg font-semibold text-gray-900');

export const SheetDescription = slotted(SheetPrimitive.Description, 'sheet-description', 'text-sm text-muted-foreground');
