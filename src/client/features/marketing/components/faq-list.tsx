import { ChevronDownIcon } from 'lucide-react';
import { type ReactNode } from 'react';

export interface FaqItem {
  q: string;
  a: ReactNode;
}

/** Native <details> disclosure: keyboard and screen-reader friendly without script. */
export function FaqList({ items, headingLevel = 'h3' }: { items: FaqItem[]; headingLevel?: 'h2' | 'h3' }) {
  const H = headingLevel;
  return (
    <div className="divide-y rounded-lg border bg-white">
      {items.map((item) => (
        <details key={item.q} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring">
            <H className="text-base font-semibold text-gray-900">{item.q}</H>
            <ChevronDownIcon className="size-5 shrink-0 text-gray-600 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <div className="mt-3 space-y-3 leading-relaxed text-gray-700">{item.a}</div>
        </details>
      ))}
    </div>
  );
}
