/** Found by bench/fuzz: a malformed Redsys notification body was a 500 (error serialisation), not a 4xx. */
import { expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';

describeEachDatabase('payments notification errors', (ctx) => {
  ctx.test('malformed or wrongly typed notification bodies answer 4xx, never 5xx', async () => {
    for (const [type, body] of [
      ['application/json', '{'],
      ['application/json', '[1,2,3]'],
      ['application/json', '{"Ds_Signature": 5}'],
      ['text/xml', '<a/>'],
    ] as const) {
      for (const path of ['/api/redsys/notify/demo/bistro', '/api/epay/notify/demo/bistro']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': type },
          payload: body,
        });
        expect(res.statusCode, `${path} ${type} ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${path} ${type} ${body}`).toBeLessThan(500);
      }
    }
  });
});
