// The 'Sort by' dropdown and the Asc/Desc toggle of the insight screens (SPEC section 4): choosing a
// field sorts ascending by it; the toggle flips the direction.
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import type { SortDirection } from '../../contracts/insights';
import { LabelledSelect, type SelectOption } from './labelled-select';
import { Button } from './ui/button';

export interface SortControlsProps<F extends string> {
  /** The dropdown's id. */
  id: string;
  fields: readonly SelectOption<F>[];
  sort: { field: F; direction: SortDirection };
  onChange: (sort: { field: F; direction: SortDirection }) => void;
}

export function SortControls<F extends string>({ id, fields, sort, onChange }: SortControlsProps<F>) {
  const ascending = sort.direction === 'asc';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <LabelledSelect
        id={id}
        inline
        label="Sort by"
        value={sort.field}
        options={fields}
        onChange={(field) => onChange({ field, direction: 'asc' })}
        triggerClassName="h-9 w-44"
      />
      <Button
        variant="outline"
        size="sm"
        onClick={() => onChange({ field: sort.field, direction: ascending ? 'desc' : 'asc' })}
        aria-label={ascending ? 'Sorted ascending: sort descending' : 'Sorted descending: sort ascending'}
      >
        {ascending ? <ArrowUpIcon aria-hidden="true" /> : <ArrowDownIcon aria-hidden="true" />}
        {ascending ? 'Asc' : 'Desc'}
      </Button>
    </div>
  );
}
