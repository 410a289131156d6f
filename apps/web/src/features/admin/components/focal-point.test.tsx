/**
 * Issue 21 #2: the image zoom is the console's Slider (components/ui/slider.tsx), not a native range: a role="slider"
 * named by its visible label, its value said as "1.5×", moved by the keyboard's arrows, Home and End.
 */
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchFeatureLanguage } from '../../../test/render-with-providers.tsx';
import { adminBundle } from '../i18n/loaders.ts';
import { FocalPoint } from './image-drop.tsx';

beforeAll(async () => {
  await switchFeatureLanguage('admin', adminBundle, 'en');
  // jsdom has no ResizeObserver (Radix measures the thumb with it).
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function Picture({ seen }: { seen: (y: number, scale: number) => void }) {
  const [state, setState] = useState({ y: 40, scale: 1.5 });
  return (
    <FocalPoint
      src="/x.webp"
      name="Soup"
      positionY={state.y}
      scale={state.scale}
      onChange={(y, scale) => {
        seen(y, scale);
        setState({ y, scale });
      }}
    />
  );
}

describe('the image zoom slider', () => {
  test('is a labelled slider the keyboard moves in steps of 0.1 between 0.5 and 5', async () => {
    const seen = vi.fn();
    render(<Picture seen={seen} />);
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    expect(zoom.getAttribute('aria-valuenow')).toBe('1.5');
    expect(zoom.getAttribute('aria-valuetext')).toBe('1.5×');
    expect(zoom.getAttribute('aria-valuemin')).toBe('0.5');
    expect(zoom.getAttribute('aria-valuemax')).toBe('5');
    expect(document.querySelector('input[type="range"]')).toBeNull();
    const user = userEvent.setup();
    zoom.focus();
    await user.keyboard('{ArrowRight}');
    expect(seen).toHaveBeenLastCalledWith(40, 1.6);
    expect(zoom.getAttribute('aria-valuetext')).toBe('1.6×');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(seen).toHaveBeenLastCalledWith(40, 1.4);
    await user.keyboard('{End}');
    expect(seen).toHaveBeenLastCalledWith(40, 5);
    await user.keyboard('{Home}');
    expect(seen).toHaveBeenLastCalledWith(40, 0.5);
    expect(screen.getByText('0.5×')).toBeTruthy();
  });
});
