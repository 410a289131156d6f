import { describe, expect, it } from 'vitest';
import { applyOrder, dropCategory, moveCategory, possibleMoves, type TreeNode } from './category-moves.ts';

const node = (id: number, parentId: number | null, children: TreeNode[] = []): TreeNode => ({
  id,
  parentId,
  children,
});
// 1 Drinks { 4 Hot, 5 Cold }, 2 Food { 6 Salads }, 3 Desserts
const tree = [node(1, null, [node(4, 1), node(5, 1)]), node(2, null, [node(6, 2)]), node(3, null)];

const shape = (items: ReturnType<typeof moveCategory>) =>
  Object.fromEntries((items ?? []).map((i) => [i.id, `${i.parentId ?? '-'}:${i.priority}`]));

describe('keyboard moves of the category tree', () => {
  it('moves up and down among siblings', () => {
    expect(shape(moveCategory(tree, 2, 'up'))).toMatchObject({ 2: '-:0', 1: '-:1', 3: '-:2' });
    expect(shape(moveCategory(tree, 4, 'down'))).toMatchObject({ 5: '1:0', 4: '1:1' });
  });
  it('refuses to move the first up, the last down, the first into, a top level out', () => {
    expect(moveCategory(tree, 1, 'up')).toBeNull();
    expect(moveCategory(tree, 3, 'down')).toBeNull();
    expect(moveCategory(tree, 1, 'into')).toBeNull();
    expect(moveCategory(tree, 2, 'out')).toBeNull();
    expect(possibleMoves(tree, 4)).toEqual({ up: false, down: true, into: false, out: true });
  });
  it('moves into the previous sibling (as its last child) and out after the parent', () => {
    expect(shape(moveCategory(tree, 3, 'into'))).toMatchObject({ 3: '2:1', 6: '2:0' });
    expect(shape(moveCategory(tree, 5, 'out'))).toMatchObject({
      1: '-:0',
      5: '-:1',
      2: '-:2',
      3: '-:3',
      4: '1:0',
    });
  });
  it('answers every category once', () => {
    const items = moveCategory(tree, 6, 'out')!;
    expect(items.map((i) => i.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('drag and drop', () => {
  it('drops before, after and inside', () => {
    expect(shape(dropCategory(tree, 3, 1, 'before'))).toMatchObject({ 3: '-:0', 1: '-:1', 2: '-:2' });
    expect(shape(dropCategory(tree, 4, 6, 'after'))).toMatchObject({ 6: '2:0', 4: '2:1', 5: '1:0' });
    expect(shape(dropCategory(tree, 3, 6, 'inside'))).toMatchObject({ 3: '6:0' });
  });
  it('never drops a category into itself or its own subtree', () => {
    expect(dropCategory(tree, 1, 4, 'inside')).toBeNull();
    expect(dropCategory(tree, 1, 5, 'after')).toBeNull();
    expect(dropCategory(tree, 1, 1, 'inside')).toBeNull();
  });
  it('applies an order to the tree for the optimistic display', () => {
    const next = applyOrder(tree, moveCategory(tree, 3, 'into')!);
    expect(next.map((n) => n.id)).toEqual([1, 2]);
    expect(next[1]!.children.map((n) => n.id)).toEqual([6, 3]);
  });
});
