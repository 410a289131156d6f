/**
 * Issue 21 #4, inline validation: the admin forms' shared text and number inputs are the console's Field, so a
 * required text left empty or a number outside its bounds says so under the input once it was left, tied to it
 * (aria-invalid, aria-describedby), in the console's language.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchFeatureLanguage } from '../../../test/render-with-providers.tsx';
import { adminBundle } from '../i18n/loaders.ts';
import { NumberInput, TextInput } from './form-parts.tsx';

beforeAll(() => switchFeatureLanguage('admin', adminBundle, 'bg'));

function Form() {
  const [code, setCode] = useState('');
  const [percent, setPercent] = useState<number | null>(10);
  return (
    <>
      <TextInput label="Код" value={code} required onChange={setCode} />
      <NumberInput label="Отстъпка (%)" value={percent} min={0} max={100} onChange={setPercent} />
    </>
  );
}

describe('TextInput and NumberInput validate inline', () => {
  test('an empty required text, then a number above its maximum: each error under its input once left', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const code = screen.getByLabelText('Код');
    // Not said before the field was left.
    expect(screen.queryByText('Задължително поле.')).toBeNull();
    await user.click(code);
    await user.tab();
    const required = screen.getByText('Задължително поле.');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toBe(required.id);
    await user.type(code, 'SPRING');
    expect(code.getAttribute('aria-invalid')).toBeNull();

    const percent = screen.getByLabelText('Отстъпка (%)');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.tab();
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Между 0 и 100.').id).toBe(percent.getAttribute('aria-describedby'));
    await user.clear(percent);
    await user.type(percent, '15');
    expect(screen.queryByText('Между 0 и 100.')).toBeNull();
  });
});
