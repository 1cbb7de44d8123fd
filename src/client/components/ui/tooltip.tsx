import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { type ComponentProps } from 'react';
import { floating } from './slotted';

/** Spec section 9: tooltip delay 700 ms. */
export const TOOLTIP_DELAY_MS = 700;

export function TooltipProvider({ delayDuration = TOOLTIP_DELAY_MS, ...props }: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />;
}

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export const TooltipContent = floating(TooltipPrimitive.Portal, TooltipPrimitive.Content, 'tooltip-content', 'z-50 max-w-xs rounded-md bg-gray-900 px-3 py-1.5 text-xs text-white shadow-md animate-fade-in');
