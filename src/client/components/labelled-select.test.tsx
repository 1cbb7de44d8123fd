// LabelledSelect's stand-in (issue 14): until first used it is a plain trigger with the real one's role,
// name and text; a press or an opening key mounts the real dropdown open, another key mounts it closed
// with the focus on it, and a choice reaches onChange.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LabelledSelect } from './labelled-select';

const OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'private', label: 'Private' },
  { value: 'public', label: 'Public' },
];

function Owner({ onChange = () => {} }: { onChange?: (v: string) => void }) {
  const [value, setValue] = useState('all');
  return (
    <LabelledSelect
      label="Owner"
      value={value}
      options={OPTIONS}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('LabelledSelect', () => {
  it('first renders a stand-in: a closed combobox named by its label, showing the chosen option, with no options mounted', () => {
    render(<Owner />);
    const trigger = screen.getByRole('combobox', { name: 'Owner' });
    expect(trigger.textContent).toBe('All');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.dataset.slot).toBe('select-trigger');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it.each(['Enter', ' ', 'ArrowDown', 'ArrowUp'])('%j on the stand-in opens the real dropdown with every option', async (key) => {
    render(<Owner />);
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Owner' }), { key });
    });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Private', 'Public']);
    expect(screen.getByRole('combobox', { name: 'Owner', hidden: true }).getAttribute('aria-expanded')).toBe('true');
  });

  it('a mouse press opens it; choosing an option calls onChange and the trigger shows it', async () => {
    const onChange = vi.fn();
    render(<Owner onChange={onChange} />);
    await act(async () => {
      fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Owner' }), { pointerType: 'mouse', button: 0 });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('option', { name: 'Public' }));
    });
    expect(onChange).toHaveBeenCalledWith('public');
    expect(screen.getByRole('combobox', { name: 'Owner' }).textContent).toBe('Public');
  });

  it('another key mounts the real dropdown closed and keeps the focus on the trigger', async () => {
    render(<Owner />);
    const standIn = screen.getByRole('combobox', { name: 'Owner' });
    standIn.focus();
    await act(async () => {
      fireEvent.keyDown(standIn, { key: 'p' });
    });
    const real = screen.getByRole('combobox', { name: 'Owner' });
    expect(real).not.toBe(standIn);
    expect(document.activeElement).toBe(real);
    expect(real.getAttribute('aria-expanded')).toBe('false');
  });
});
