import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setPageBrandForTests } from '../../../lib/page-brand.ts';
import { switchFeatureLanguage } from '../../../test/render-with-providers.tsx';
import { adminBundle } from '../i18n/loaders.ts';
import { AdminLogin } from './admin-login.tsx';

beforeAll(() => switchFeatureLanguage('admin', adminBundle, 'en'));
afterEach(() => {
  setPageBrandForTests(undefined);
  vi.unstubAllGlobals();
});

function refusedLogin() {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ code: 'invalid_credentials', message: 'Wrong' }), { status: 401 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), 'owner@second.test');
  await user.type(screen.getByLabelText('Password'), 'second-brand-admin');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('AdminLogin', () => {
  it("on a host no brand serves: says only platform staff sign in here, and where a brand's staff go", async () => {
    setPageBrandForTests(null);
    const fetch = refusedLogin();
    render(<AdminLogin forbidden={false} />);
    expect(screen.getByRole('note').textContent).toMatch(/belongs to no brand.*DEFAULT_CLIENT/);
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Wrong e-mail or password. Brand accounts sign in at their brand's address.",
    );
    // No brand to name: the login goes without a `client` (platform staff only).
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<
      string,
      string
    >;
    expect(headers.client).toBeUndefined();
  });

  it("on a brand's host: no notice, the login names the brand", async () => {
    setPageBrandForTests({
      slug: 'vtora',
      name: 'Втора марка',
      logo: null,
      primaryColor: null,
      secondaryColor: null,
    });
    const fetch = refusedLogin();
    render(<AdminLogin forbidden={false} />);
    expect(screen.queryByRole('note')).toBeNull();
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail or password.');
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<
      string,
      string
    >;
    expect(headers.client).toBe('vtora');
  });
});
