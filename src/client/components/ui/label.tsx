import { Label as LabelPrimitive } from 'radix-ui';
import { slotted } from './slotted';

export const Label = slotted(LabelPrimitive.Root, 'label', 'text-sm leading-none font-medium text-gray-800 peer-disabled:cursor-not-allowed peer-disabled:opacity-70');
