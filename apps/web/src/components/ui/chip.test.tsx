import { describe, expect, test } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chip, ChipGroup } from './chip.tsx';

function Demo() {
  const [on, setOn] = useState(false);
  return (
    <ChipGroup label="Алергени">
      <Chip pressed={on} onPressedChange={setOn}>
        Глутен
      </Chip>
    </ChipGroup>
  );
}

describe('Chip (issue 21 #2)', () => {
  test('a toggle button in a named group: aria-pressed follows taps, Enter and Space', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    const chip = screen.getByRole('button', { name: 'Глутен' });
    expect(screen.getByRole('group', { name: 'Алергени' }).contains(chip)).toBe(true);
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    await user.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    chip.focus();
    await user.keyboard(' ');
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    await user.keyboard('{Enter}');
    expect(chip.getAttribute('aria-pressed')).toBe('true');
  });
});
