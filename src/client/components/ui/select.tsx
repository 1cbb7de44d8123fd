import { CheckIcon, ChevronDownIcon, ChevronUpIcon } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { type ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { slotted } from './slotted';

export const Select = SelectPrimitive.Root;
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

const TRIGGER_CLASSES =
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm whitespace-nowrap shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-gray-600 [&>span]:line-clamp-1';

const SelectTriggerPart = slotted(SelectPrimitive.Trigger, 'select-trigger', TRIGGER_CLASSES);

export function SelectTrigger({ children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectTriggerPart {...props}>
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDownIcon className="size-4 shrink-0 opacity-70" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectTriggerPart>
  );
}

export interface SelectStandInProps {
  id: string;
  /** The chosen option's text; none shows the placeholder. */
  text: string | undefined;
  placeholder?: string;
  className?: string;
  /** Asked to become the real dropdown: open (a press, Enter, Space or an arrow key) or only live (another key). */
  onWake: (open: boolean) => void;
}

/**
 * What a closed dropdown shows until it is first used: the trigger's look, role and name without Radix's
 * Select behind it. Mounting a Radix Select costs a second, synchronous render of it (its parts register
 * through refs and layout effects that set state), which on a screen of sixteen filters was most of its
 * longest task (issue 14); `LabelledSelect` mounts the real one on the first press or key.
 */
export function SelectStandIn({ id, text, placeholder, className, onWake }: SelectStandInProps) {
  return (
    <button
      type="button"
      role="combobox"
      id={id}
      aria-expanded={false}
      aria-autocomplete="none"
      data-slot="select-trigger"
      data-state="closed"
      data-placeholder={text === undefined ? '' : undefined}
      className={cn(TRIGGER_CLASSES, className)}
      onPointerDown={(e) => {
        // As Radix's trigger: a mouse opens on press (touch and pen on click, below).
        if (e.pointerType !== 'mouse' || e.button !== 0 || e.ctrlKey) return;
        e.preventDefault();
        onWake(true);
      }}
      onClick={(e) => {
        if ((e.nativeEvent as PointerEvent).pointerType !== 'mouse') onWake(true);
      }}
      onKeyDown={(e) => {
        if ([' ', 'Enter', 'ArrowDown', 'ArrowUp'].includes(e.key)) {
          e.preventDefault();
          onWake(true);
        } else if (e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey) {
          onWake(false);
        }
      }}
    >
      <span style={{ pointerEvents: 'none' }}>{text ?? placeholder}</span>
      <ChevronDownIcon className="size-4 shrink-0 opacity-70" aria-hidden="true" />
    </button>
  );
}

export function SelectContent({ className, children, position = 'popper', ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-[8rem] overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md',
          position === 'popper' && 'w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex cursor-default items-center justify-center py-1">
          <ChevronUpIcon className="size-4" aria-hidden="true" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport className={cn('p-1', position === 'popper' && 'max-h-80')}>{children}</SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex cursor-default items-center justify-center py-1">
          <ChevronDownIcon className="size-4" aria-hidden="true" />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export const SelectLabel = slotted(SelectPrimitive.Label, 'select-label', 'px-2 py-1.5 text-xs font-semibold text-muted-foreground');

const SelectItemPart = slotted(
  SelectPrimitive.Item,
  'select-item',
  'relative flex w-full cursor-default items-center rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
);

export function SelectItem({ children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectItemPart {...props}>
      <span className="absolute right-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <CheckIcon className="size-4" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectItemPart>
  );
}

export const SelectSeparator = slotted(SelectPrimitive.Separator, 'select-separator', '-mx-1 my-1 h-px bg-border');
