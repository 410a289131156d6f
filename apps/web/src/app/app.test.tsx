import { expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from './app.tsx';

test('renders the shell', () => {
  render(<App />);
  expect(screen.getByRole('heading', { name: 'Trapeza' })).toBeTruthy();
});
