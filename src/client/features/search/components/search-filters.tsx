// The filter panel of the search page (SPEC sections 2, 4, 9): price range slider, care types,
// amenities and Apply Filters. Changes stay in the draft until Apply Filters is used.
import { SlidersHorizontalIcon } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { AMENITY_OPTIONS, CARE_TYPES, PRICE_SLIDER } from '../../../../contracts/constants';
import {
  CAPACITY_BAND_OPTIONS,
  CAPACITY_BANDS,
  LICENCE_TYPE_OPTIONS,
  LICENCE_TYPES,
  UNKNOWN_CAPACITY_NOTE,
} from '../../../../contracts/licence-filters';
import { FilterSelect, type FilterOption } from '../../../components/filter-select';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { Slider } from '../../../components/ui/slider';
import { formatCurrency } from '../../../lib/format';
import type { SearchFilterState } from '../api/search-communities';

export interface SearchFiltersProps {
  draft: SearchFilterState;
  onChange: (next: SearchFilterState) => void;
  onApply: () => void;
}

/** The slider's two values: the draft bounds, else the spec's default range. */
export function sliderValue(draft: SearchFilterState): [number, number] {
  const clamp = (v: number) => Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, v));
  const low = clamp(draft.priceMin ?? PRICE_SLIDER.defaultMin);
  const high = clamp(draft.priceMax ?? PRICE_SLIDER.defaultMax);
  // A bound from the address may lie outside the slider or cross the other default.
  return [Math.min(low, high), Math.max(low, high)];
}

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? (list.includes(value) ? list : [...list, value]) : list.filter((v) => v !== value);
}

function CheckboxGroup({ legend, options, selected, onToggle }: { legend: string; options: readonly string[]; selected: string[]; onToggle: (value: string, on: boolean) => void }) {
  const base = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-sm font-semibold">{legend}</legend>
      {options.map((option, i) => {
        const id = `${base}-${i}`;
        return (
          <div key={option} className="flex items-center gap-3">
            <Checkbox id={id} checked={selected.includes(option)} onCheckedChange={(v) => onToggle(option, v === true)} />
            <Label htmlFor={id} className="cursor-pointer font-normal">
              {option}
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
}

interface LicenceSelectProps<T extends string> {
  label: string;
  value: T | undefined;
  /** The contract's values of the filter, which its options list. */
  values: readonly T[];
  options: readonly FilterOption[];
  onChange: (value: T | undefined) => void;
}

/** The dropdown of a licence filter (issue 12): 'All' is no filter, an option is one of the contract's values. */
function LicenceSelect<T extends string>({ label, value, values, options, onChange }: LicenceSelectProps<T>) {
  return <FilterSelect label={label} value={value ?? 'all'} options={options} onChange={(v) => onChange(values.find((x) => x === v))} />;
}

export function SearchFilters({ draft, onChange, onApply }: SearchFiltersProps) {
  const [low, high] = sliderValue(draft);
  const priceId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <form onSubmit={submit} aria-label="Filters" className="space-y-7 rounded-lg border bg-card p-5 shadow-sm">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <SlidersHorizontalIcon className="size-5 text-primary" aria-hidden="true" />
        Filters
      </h2>

      <div className="space-y-4">
        <div className="flex items-baseline justify-between gap-2">
          <span id={priceId} className="text-sm font-semibold">
            Price Range
          </span>
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="price-range-text">
            {formatCurrency(low)} - {formatCurrency(high)}+
          </span>
        </div>
        <Slider
          aria-labelledby={priceId}
          min={PRICE_SLIDER.min}
          max={PRICE_SLIDER.max}
          step={PRICE_SLIDER.step}
          minStepsBetweenThumbs={1}
          value={[low, high]}
          thumbLabels={['Minimum monthly price', 'Maximum monthly price']}
          onValueChange={(v) => onChange({ ...draft, priceMin: v[0], priceMax: v[1] })}
        />
        <p className="text-xs text-muted-foreground">Monthly cost</p>
      </div>

      <CheckboxGroup
        legend="Care Type"
        options={CARE_TYPES}
        selected={draft.careTypes}
        onToggle={(value, on) => onChange({ ...draft, careTypes: toggle(draft.careTypes, value, on) })}
      />

      <CheckboxGroup
        legend="Amenities"
        options={AMENITY_OPTIONS}
        selected={draft.amenities}
        onToggle={(value, on) => onChange({ ...draft, amenities: toggle(draft.amenities, value, on) })}
      />

      <div className="space-y-4">
        <LicenceSelect label="Licence type" value={draft.licenceType} values={LICENCE_TYPES} options={LICENCE_TYPE_OPTIONS} onChange={(licenceType) => onChange({ ...draft, licenceType })} />
        <div className="space-y-1.5">
          <LicenceSelect label="Licensed capacity" value={draft.capacity} values={CAPACITY_BANDS} options={CAPACITY_BAND_OPTIONS} onChange={(capacity) => onChange({ ...draft, capacity })} />
          {draft.capacity && (
            <p className="text-xs text-muted-foreground" data-testid="capacity-note">
              {UNKNOWN_CAPACITY_NOTE}
            </p>
          )}
        </div>
      </div>

      <Button type="submit" className="w-full">
        Apply Filters
      </Button>
    </form>
  );
}
