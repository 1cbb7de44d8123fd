import { SearchIcon } from 'lucide-react';
import { Input } from './ui/input';
import { Label } from './ui/label';

interface SearchBoxProps {
  id: string;
  /** What the field searches, read by screen readers only (the placeholder shows it). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field above a table of communities or operators: a magnifier inside and a screen-reader label. */
export function SearchBox({ id, label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <div className="relative">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" aria-hidden="true" />
      <Input id={id} type="search" className="pl-9" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
