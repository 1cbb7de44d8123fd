import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS } from './toast';
import { Toaster } from './toaster';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, toast } from './use-toast';

describe('toasts', () => {
  it('keeps the spec limits', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows only the newest of two toasts', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
      toast({ title: 'Second', description: 'two', variant: 'destructive' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.getByText('two')).toBeTruthy();
  });

  it('has an F8 notification region', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hello' });
    });
    expect(screen.getByRole('region', { name: /F8/ })).toBeTruthy();
  });
});
