// A dropdown with its label: stacked above it (filter cards), beside it ('Sort by') or for screen readers only.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../lib/utils';
import { Label } from './ui/label';
import { Select, SelectContent, SelectItem, SelectStandIn, SelectTrigger, SelectValue } from './ui/select';

/**
 * Above this many options the list is rendered only while open. Radix renders every item of a closed Select
 * (into a detached fragment, to show the chosen one's text): Community Insights' city, operator and state
 * lists (~450 items) cost most of that screen's first render (its total blocking time, issue 14). A long list
 * closed keeps its chosen option, so the trigger shows it; typing on the closed trigger then no longer picks an
 * option (open the list and type there), which the short lists keep.
 */
export const LAZY_OPTIONS_OVER = 30;

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/**
 * The options of a label map, in its order. Keyed by the contract's literal type, so a value added to the
 * contract without a label fails the typecheck.
 */
export function optionsOf<V extends string>(labels: Record<V, string>): SelectOption<V>[] {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));
}

export interface LabelledSelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  /** The trigger's id (the label points at it); a generated one by default. */
  id?: string;
  /** Label beside the dropdown in muted small text, instead of above it. */
  inline?: boolean;
  /** The label is read by screen readers only (the choices speak for themselves on screen). */
  hideLabel?: boolean;
  triggerClassName?: string;
  placeholder?: string;
}

export function LabelledSelect<V extends string>({ label, value, options, onChange, id, inline, hideLabel, triggerClassName, placeholder }: LabelledSelectProps<V>) {
  const generatedId = useId();
  const triggerId = id ?? generatedId;
  // Until first used, a stand-in of the trigger (ui/select.tsx, SelectStandIn); then the real dropdown.
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  const refocus = useRef(false);
  // Woken by a key that does not open it, the real trigger takes the stand-in's focus.
  useLayoutEffect(() => {
    if (live && refocus.current) {
      refocus.current = false;
      document.getElementById(triggerId)?.focus();
    }
  }, [live, triggerId]);
  const items = open || options.length <= LAZY_OPTIONS_OVER ? options : options.filter((o) => o.value === value);
  return (
    <div className={inline ? 'flex items-center gap-2' : 'flex flex-col gap-1.5'}>
      <Label htmlFor={triggerId} className={cn(inline && 'text-sm text-muted-foreground', hideLabel && 'sr-only')}>
        {label}
      </Label>
      {live ? (
        <Select value={value} onValueChange={(v) => onChange(v as V)} open={open} onOpenChange={setOpen}>
          <SelectTrigger id={triggerId} className={triggerClassName}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {items.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : (
        <SelectStandIn
          id={triggerId}
          text={options.find((o) => o.value === value)?.label}
          placeholder={placeholder}
          className={triggerClassName}
          onWake={(openNow) => {
            refocus.current = !openNow;
            setOpen(openNow);
            setLive(true);
          }}
        />
      )}
    </div>
  );
}
