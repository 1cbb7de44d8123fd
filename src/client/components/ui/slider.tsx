import { Slider as SliderPrimitive } from 'radix-ui';
import { type ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A range slider; pass `thumbLabels` so each thumb has an accessible name (e.g. ['Minimum price', 'Maximum price']). */
export function Slider({ className, thumbLabels, value, defaultValue, ...props }: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabels?: string[] }) {
  const count = (value ?? defaultValue ?? [0]).length;
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      value={value}
      defaultValue={defaultValue}
      className={cn('relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-gray-200">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {Array.from({ length: count }, (_, i) => (
        <SliderPrimitive.Thumb
          key={i}
          aria-label={thumbLabels?.[i]}
          className="block size-5 rounded-full border-2 border-primary bg-background shadow transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
