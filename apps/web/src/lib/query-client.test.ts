import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, test } from 'vitest';
import { createQueryClient } from './query-client.ts';

describe('query client', () => {
  afterEach(() => onlineManager.setOnline(true));

  test('asks with the browser offline, so the service worker can answer from its copy (issue 17 #3)', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    let asked = 0;
    const data = await client.fetchQuery({
      queryKey: ['products', 'bistro'],
      queryFn: () => {
        asked++;
        return Promise.resolve(['kept menu']);
      },
    });
    expect(asked).toBe(1);
    expect(data).toEqual(['kept menu']);
  });
});
