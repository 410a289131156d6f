/**
 * The admin console in English and its server, faked for the admin pages' unit tests: the signed-in place is Bistro (demo), every
 * `fetch` is recorded (method, path without the query, JSON body) and answered 200 — a GET with the first of the
 * `answers` whose pattern matches the path, a write (POST, PUT, PATCH, DELETE) with `writeAnswer`.
 * Call at the top of a test file; it installs the fake before each test and removes it after.
 */
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { useAdminPlaceStore } from '../features/admin/hooks/admin-place-store.ts';
import { adminBundle } from '../features/admin/i18n/loaders.ts';
import { switchFeatureLanguage } from './render-with-providers.tsx';

interface AdminCall {
  method: string;
  path: string;
  body: unknown;
}

export interface AdminFetch {
  /** Every request of the current test, in order. */
  readonly calls: AdminCall[];
  /** The requests of the current test with this method. */
  writes(method: string): AdminCall[];
}

export function fakeAdminFetch(
  answers: [RegExp, unknown][],
  { writeAnswer = {} }: { writeAnswer?: unknown } = {},
): AdminFetch {
  let calls: AdminCall[] = [];
  beforeAll(() => switchFeatureLanguage('admin', adminBundle, 'en'));
  beforeEach(() => {
    calls = [];
    useAdminPlaceStore.setState({ place: { slug: 'bistro', clientSlug: 'demo', name: 'Bistro' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const path = url.split('?')[0]!;
        const method = init?.method ?? 'GET';
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
        calls.push({ method, path, body });
        const answer = method === 'GET' ? answers.find(([re]) => re.test(path))?.[1] : writeAnswer;
        if (answer === undefined) throw new Error(`fakeAdminFetch: no answer for GET ${path}`);
        return new Response(JSON.stringify(answer), { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return {
    get calls() {
      return calls;
    },
    writes: (method) => calls.filter((c) => c.method === method),
  };
}
