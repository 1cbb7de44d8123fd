import { slotted } from './slotted';

export const Textarea = slotted('textarea', 'textarea', 'flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-gray-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive');
