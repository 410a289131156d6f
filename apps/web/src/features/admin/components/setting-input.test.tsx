import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
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

describe('SettingInput on the shared checkbox cards (issue 21 #2)', () => {
  const row = (over: Partial<AdminSettingRow>): AdminSettingRow => ({ ...colour, value: null, ...over });

  it('a flag is one checkbox card named once by the setting, invalid with its problem, handing on 1 / 0', async () => {
    const onChange = vi.fn();
    render(
      <SettingInput
        row={row({ key: 'show_variant_additional_price', type: 'flag', default: '0', effective: '0' })}
        value="0"
        changed
        problem="wrong"
        translations={{}}
        onChange={onChange}
        onTranslations={() => undefined}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Такса кутия' });
    expect(box.closest('label')?.dataset.dense).toBe('true');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('setting-show_variant_additional_price-desc');
    await userEvent.setup().click(screen.getByText('Такса кутия'));
    expect(onChange).toHaveBeenCalledWith('1');
  });

  it("a list is a group of checkbox cards named by the setting; ticking keeps the catalogue's order", async () => {
    const onChange = vi.fn();
    render(
      <SettingInput
        row={row({
          key: 'box_fee_order_types',
          type: 'list',
          default: '2,3,6',
          effective: '3',
          options: [
            { value: '1', label: 'served on the spot' },
            { value: '2', label: 'delivery' },
            { value: '3', label: 'pickup / preorder' },
          ],
        })}
        value="3"
        changed={false}
        problem={undefined}
        translations={{}}
        onChange={onChange}
        onTranslations={() => undefined}
      />,
    );
    const group = screen.getByRole('group', { name: 'Видове поръчки с такса кутия' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(group).getByRole<HTMLInputElement>('checkbox', { name: 'Вземане от място' }).checked).toBe(
      true,
    );
    await userEvent.setup().click(within(group).getByRole('checkbox', { name: 'Доставка' }));
    expect(onChange).toHaveBeenCalledWith('2,3');
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

  it("takes an hour typed into a range's end: a time field, not a native input", async () => {
    const onChange = vi.fn();
    const stored = '{"1":"08:00-12:00","2":"-","3":"-","4":"-","5":"-","6":"-","7":"-"}';
    render(<WorkingHoursInput value={stored} onChange={onChange} />);
    expect(document.querySelector('input[type="time"]')).toBeNull();
    // Monday's first range ends at 12; its hour segment is named by the range's label.
    const hour = screen.getAllByRole('spinbutton', { name: /интервал 1 до$/ })[0]!;
    expect(hour.getAttribute('data-type')).toBe('hour');
    expect(hour.getAttribute('aria-valuenow')).toBe('12');
    const user = userEvent.setup();
    await user.click(hour);
    await user.keyboard('14');
    expect(onChange).toHaveBeenLastCalledWith(
      '{"1":"08:00-14:00","2":"-","3":"-","4":"-","5":"-","6":"-","7":"-"}',
    );
  });
});
