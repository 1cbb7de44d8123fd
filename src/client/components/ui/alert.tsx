import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { slotted } from './slotted';

const alertVariants = cva(
  'relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[1.25rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-0.5 [&>svg]:text-current',
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        destructive: 'border-red-300 bg-red-50 text-red-900 [&>svg]:text-red-700',
        info: 'border-green-200 bg-primary-soft text-green-950',
        warning: 'border-amber-300 bg-highlight-soft text-amber-950',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Alert({ className, variant, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div data-slot="alert" role={variant === 'destructive' ? 'alert' : 'status'} className={cn(alertVariants({ variant }), className)} {...props} />;
}

export const AlertTitle = slotted('div', 'alert-title', 'col-start-2 min-h-4 font-semibold tracking-tight');

export const AlertDescription = slotted('div', 'alert-description', 'col-start-2 grid justify-items-start gap-1 text-sm [&_p]:leading-relaxed');
