import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { adminBundle } from '../i18n/loaders.ts';
import type { AdminSettingRow } from '../api/settings.ts';
import { SettingInput } from './setting-input.tsx';
import { WorkingHoursInput } from './working-hours-input.tsx';

beforeAll(() => loadFeatureBundle('admin', adminBundle, 'bg'));

const colour: AdminSettingRow = {
  key: 'primary_color',
  group: 'look',
  type: 'color',
  description: 'Primary colour',
  default: '#8c2f39',
  value: null,
  effective: '#8c2f39',
  translatable: false,
  translations: null,
  designed: true,
};

describe('SettingInput', () => {
  it('shows its label and help in the console language (never the raw key or English), the default and the problem', () => {
    render(
      <SettingInput
        row={colour}
        value="red"
        changed
        problem="must be a hex colour like #8c2f39"
        translations={{}}
        onChange={() => undefined}
        onTranslations={() => undefined}
      />,
    );
    expect(screen.getByText(/Основният цвят на бутоните и връзките/)).toBeTruthy();
    expect(screen.queryByText(/Primary colour/)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('must be a hex colour');
    expect(screen.getByLabelText('Основен цвят').getAttribute('aria-invalid')).toBe('true');
  });

  it('hands on typed values and offers the way back to the default for a stored value', async () => {
    const onChange = vi.fn();
    render(
      <SettingInput
        row={{ ...colour, value: '#000000', effective: '#000000' }}
        value="#000000"
        changed={false}
        problem={undefined}
        translations={{}}
        onChange={onChange}
        onTranslations={() => undefined}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Към стойността по подразбиране' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

describe('WorkingHoursInput', () => {
  it('closes a day and keeps the canonical text', async () => {
    const onChange = vi.fn();
    const stored =
      '{"1":"08:00-12:00,13:00-22:00","2":"09:00-17:00","3":"-","4":"-","5":"-","6":"-","7":"-"}';
    render(<WorkingHoursInput value={stored} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('checkbox', { name: 'Затворено' })[1]!);
    expect(onChange).toHaveBeenLastCalledWith(
      '{"1":"08:00-12:00,13:00-22:00","2":"-","3":"-","4":"-","5":"-","6":"-","7":"-"}',
    );
  });
});
