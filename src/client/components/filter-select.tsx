// One labelled dropdown of the Filters card, always starting with 'All'.
import { LabelledSelect, type SelectOption } from './labelled-select';

export type FilterOption = SelectOption;

export interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  // Keep the chosen value selectable even when the current options no longer list it.
  const list = value !== 'all' && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return <LabelledSelect label={label} value={value} options={[{ value: 'all', label: 'All' }, ...list]} onChange={onChange} placeholder="All" />;
}
