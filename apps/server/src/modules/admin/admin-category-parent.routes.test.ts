/** Found by bench/fuzz: an unknown parent in a category update was a 500 (foreign key) instead of a 404. */
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from './admin.fixtures.ts';

describeEachDatabase(
  'admin category parent',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);
    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
    });

    ctx.test('PUT categories/{id} with an unknown parent answers 404 and changes nothing', async () => {
      const bistro = await ctx.placeId('bistro');
      const category = await ctx.db
        .selectFrom('categories')
        .select(['id', 'parent_id', 'name'])
        .where('place_id', '=', bistro)
        .where('parent_id', 'is not', null)
        .executeTakeFirstOrThrow();
      const res = await as.put(`/api/admin/categories/${category.id}`, {
        parentId: 99999,
        name: 'Преименувана',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'category_not_found' });
      const after = await ctx.db
        .selectFrom('categories')
        .select(['parent_id', 'name'])
        .where('id', '=', category.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ parent_id: category.parent_id, name: category.name });
    });

    ctx.test('PUT categories/{id} moving under a real parent still works', async () => {
      const bistro = await ctx.placeId('bistro');
      const [a, b] = await ctx.db
        .selectFrom('categories')
        .select(['id', 'parent_id'])
        .where('place_id', '=', bistro)
        .where('parent_id', 'is', null)
        .orderBy('id')
        .limit(2)
        .execute();
      const child = await ctx.db
        .selectFrom('categories')
        .select('id')
        .where('parent_id', '=', a!.id)
        .executeTakeFirstOrThrow();
      const res = await as.put(`/api/admin/categories/${child.id}`, { parentId: b!.id });
      expect(res.statusCode).toBe(200);
      const moved = await ctx.db
        .selectFrom('categories')
        .select('parent_id')
        .where('id', '=', child.id)
        .executeTakeFirstOrThrow();
      expect(moved.parent_id).toBe(b!.id);
    });
  },
  { setup: seedAccounts },
);
