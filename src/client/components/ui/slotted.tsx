import { type ComponentProps, type ElementType, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

/**
 * The pattern of the simple primitives here (shadcn/ui): `Component` (an element name or a Radix part)
 * rendered with `data-slot={slot}` and its base classes, the caller's `className` merged after them (so a
 * caller's Tailwind class wins over a conflicting base class); every other prop passes through.
 */
export function slotted<C extends ElementType>(Component: C, slot: string, base: string): (props: ComponentProps<C>) => ReactElement {
  const Tag: ElementType = Component;
  function Slotted(props: ComponentProps<C>) {
    const { className, ...rest } = props as { className?: string };
    return <Tag data-slot={slot} className={cn(base, className)} {...rest} />;
  }
  Slotted.displayName = `Slotted(${slot})`;
  return Slotted;
}

/**
 * A floating part (a menu's or a tooltip's content): `slotted`'s part rendered inside its portal, 4 px from
 * its trigger unless the caller's `sideOffset` says otherwise.
 */
export function floating<C extends ElementType>(
  Portal: ElementType<{ children?: ReactNode }>,
  Content: C,
  slot: string,
  base: string,
): (props: ComponentProps<C>) => ReactElement {
  const Part: ElementType = slotted(Content, slot, base);
  function Floating(props: ComponentProps<C>) {
    const { sideOffset = 4, ...rest } = props as { sideOffset?: number };
    return (
      <Portal>
        <Part sideOffset={sideOffset} {...rest} />
      </Portal>
    );
  }
  Floating.displayName = `Floating(${slot})`;
  return Floating;
}
