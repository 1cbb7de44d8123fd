import { Tabs as TabsPrimitive } from 'radix-ui';
import { slotted } from './slotted';

export const Tabs = TabsPrimitive.Root;

export const TabsList = slotted(TabsPrimitive.List, 'tabs-list', 'inline-flex h-auto min-h-10 flex-wrap items-center justify-center gap-1 rounded-lg bg-secondary p-1 text-gray-700');

export const TabsTrigger = slotted(TabsPrimitive.Trigger, 'tabs-trigger', 'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 data-[state=active]:bg-background data-[state=active]:text-gray-900 data-[state=active]:shadow-sm');

export const TabsContent = slotted(TabsPrimitive.Content, 'tabs-content', 'mt-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring');
