import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminClientBrand } from '@trapeza/domain/contracts/admin';
import { createQueryClient } from '../../../lib/query-client.ts';
import { switchFeatureLanguage } from '../../../test/render-with-providers.tsx';
import { useAdminPlaceStore } from '../hooks/admin-place-store.ts';
import { adminBundle } from '../i18n/loaders.ts';
import { BrandPage } from './brand-page.tsx';

const brand: AdminClientBrand = {
  id: 1,
  slug: 'demo',
  name: 'Demo',
  logo: null,
  primary_color: '#8c2f39',
  secondary_color: null,
  domain: 'menu.demo.example',
};

let puts: unknown[] = [];

beforeAll(() => switchFeatureLanguage('admin', adminBundle, 'en'));
beforeEach(() => {
  puts = [];
  useAdminPlaceStore.setState({ place: { slug: 'bistro', clientSlug: 'demo', name: 'Bistro' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Partial<AdminClientBrand>;
        puts.push(body);
        return new Response(JSON.stringify({ ...brand, ...body }), { status: 200 });
      }
      return new Response(JSON.stringify(brand), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('BrandPage', () => {
  it('shows the domain, refuses what is not a hostname and saves a new one', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BrandPage />
      </QueryClientProvider>,
    );
    const domain = (await screen.findByLabelText('Domain')) as HTMLInputElement;
    expect(domain.value).toBe('menu.demo.example');

    const user = userEvent.setup();
    await user.clear(domain);
    await user.type(domain, 'https://menu.demo.example');
    expect(screen.getByRole('alert').textContent).toContain('hostname');
    expect(domain.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    await user.clear(domain);
    await user.type(domain, 'menu.new.example');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(puts).toEqual([expect.objectContaining({ domain: 'menu.new.example' })]));
  });
});
