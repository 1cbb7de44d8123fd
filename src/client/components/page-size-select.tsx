// The page-size selector of the insight screens: 25 (default), 50 or 100 'per page'.
import { useId } from 'react';
import { PAGE_SIZES } from '../../contracts/constants';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

export interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
  disabled?: boolean;
}

export function PageSizeSelect({ value, onChange, disabled }: PageSizeSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground">
      <Select value={String(value)} onValueChange={(v) => onChange(Number(v))} disabled={disabled}>
        <SelectTrigger id={id} className="h-9 w-20" aria-label="Results per page">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PAGE_SIZES.map((size) => (
            <SelectItem key={size} value={String(size)}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <span>per page</span>
    </div>
  );
}
