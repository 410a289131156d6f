import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CSSProperties, ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { FilterSelect, Select } from './select.tsx';
import { FormSelect } from './form-select.tsx';
import { Modal } from './modal.tsx';
import { Field } from './field.tsx';
import { chooseOption } from '../../test/choose-option.ts';

const choices = [
  { value: 'ordered', label: 'Ordered' },
  { value: 'paid', label: 'Paid' },
];

describe('FilterSelect', () => {
  it('offers "all" first, then the choices; names the combobox; hands over the chosen value', async () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        value="paid"
        choices={choices}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select.tagName).toBe('BUTTON');
    expect(select.textContent).toBe('Paid');
    const user = userEvent.setup();
    await user.click(select);
    expect(
      screen.getAllByRole('option').map((o) => [o.textContent, o.getAttribute('aria-selected')]),
    ).toEqual([
      ['All statuses', 'false'],
      ['Ordered', 'false'],
      ['Paid', 'true'],
    ]);
    await user.click(screen.getByRole('option', { name: 'Ordered' }));
    expect(onChange).toHaveBeenLastCalledWith('ordered');
    await chooseOption(user, select, 'All statuses');
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});

describe('Select', () => {
  it('is named by its label, chosen with the keyboard, and gives the focus back to its trigger', async () => {
    const onValueChange = vi.fn();
    render(
      <>
        <label htmlFor="kind">Kind</label>
        <Select
          id="kind"
          value="percent"
          onValueChange={onValueChange}
          options={[
            { value: 'percent', label: 'Percentage' },
            { value: 'money', label: 'Amount' },
          ]}
        />
      </>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Kind' });
    trigger.focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenLastCalledWith('money');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  /** Opens a select drawn inside `wrap` and answers its list. */
  async function openListInside(wrap: (select: ReactElement) => ReactElement) {
    render(
      wrap(
        <Select
          aria-label="Table"
          value=""
          onValueChange={() => undefined}
          options={[
            { value: '', label: '—' },
            { value: '7', label: '7' },
          ]}
        />,
      ),
    );
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Table' }));
    return screen.findByRole('listbox');
  }

  it('inside an open Modal puts its list in that dialog (the page behind it is hidden and takes no taps)', async () => {
    const list = await openListInside((select) => (
      <div className="place">
        <Modal open title="Move" onClose={() => undefined}>
          {select}
        </Modal>
      </div>
    ));
    expect(list.closest('[role="dialog"]')).toBe(screen.getByRole('dialog', { name: 'Move' }));
  });

  it("on a venue's page puts its list in that page, so the list has the venue's colours, not the defaults", async () => {
    const list = await openListInside((select) => (
      <div className="place" style={{ '--surface': '#102030' } as CSSProperties}>
        {select}
      </div>
    ));
    expect(getComputedStyle(list).getPropertyValue('--surface')).toBe('#102030');
  });
});

describe('FormSelect', () => {
  function Form({ onSubmit }: { onSubmit: (v: { region: string }) => void }) {
    const form = useForm({ defaultValues: { region: '' }, mode: 'onTouched' });
    const error = form.formState.errors.region?.message ?? null;
    return (
      <form onSubmit={form.handleSubmit(onSubmit)}>
        <Field label="Region" error={error} showError={form.formState.isSubmitted}>
          <FormSelect
            control={form.control}
            name="region"
            rules={{ required: 'Choose a region' }}
            options={[
              { value: '', label: '—' },
              { value: '3', label: 'Lozenets' },
            ]}
          />
        </Field>
        <button type="submit">Send</button>
      </form>
    );
  }
  it('takes the form value, shows the field error through Field, and submits the chosen value', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(region.textContent).toBe('—');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Choose a region')).toBeTruthy();
    expect(region.getAttribute('aria-invalid')).toBe('true');
    expect(region.getAttribute('aria-describedby')).toBe(screen.getByText('Choose a region').id);
    await chooseOption(user, region, 'Lozenets');
    expect(region.textContent).toBe('Lozenets');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ region: '3' }, expect.anything());
  });
});
