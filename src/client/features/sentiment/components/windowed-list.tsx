// A small windowed list: only the rows in (and just around) the visible part of a fixed-height scroll
// area are in the DOM, so a page of 1000 reviews scrolls smoothly. Rows have one fixed height.
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

interface WindowedListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** Height of the scroll area in px. */
  height: number;
  /** Rows rendered above and below the visible ones. */
  overscan?: number;
  label: string;
  getKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
}

export function WindowedList<T>({ items, rowHeight, height, overscan = 6, label, getKey, renderRow }: WindowedListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef(0);

  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(ref.current?.scrollTop ?? 0));
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i] as T;
    rows.push(
      <div
        key={getKey(item)}
        role="listitem"
        aria-setsize={items.length}
        aria-posinset={i + 1}
        className="absolute inset-x-0"
        style={{ top: i * rowHeight, height: rowHeight }}
      >
        {renderRow(item, i)}
      </div>,
    );
  }

  return (
    <div
      ref={ref}
      onScroll={onScroll}
      tabIndex={0}
      role="region"
      aria-label={label}
      className="relative overflow-y-auto overscroll-contain rounded-md border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      style={{ height: Math.min(height, items.length * rowHeight + 2) }}
    >
      <div role="list" className="relative" style={{ height: items.length * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
