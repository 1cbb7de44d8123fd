import { CheckIcon, XIcon } from 'lucide-react';

export function CheckList({ items, excluded = [] }: { items: string[]; excluded?: string[] }) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
      {excluded.map((item) => (
        <li key={item} className="flex items-start gap-3 text-gray-600">
          <XIcon className="mt-0.5 size-5 shrink-0 text-gray-500" aria-hidden="true" />
          <span>
            <span className="sr-only">Not included: </span>
            {item}
          </span>
        </li>
      ))}
    </ul>
  );
}
