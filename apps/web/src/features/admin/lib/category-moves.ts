/**
 * Moving categories in the tree, for the drag-and-drop and the keyboard buttons alike: each move rewrites the
 * sibling lists and answers the whole PUT admin/categories/order body (parent and priority = position), or null
 * when the move is impossible (first item up, into itself or its own subtree…). The server checks cycles again.
 */
export interface TreeNode {
  id: number;
  parentId: number | null;
  children: TreeNode[];
}

export interface OrderItem {
  id: number;
  parentId: number | null;
  priority: number;
}

export type KeyboardMove = 'up' | 'down' | 'into' | 'out';
export type DropPosition = 'before' | 'after' | 'inside';

type Lists = Map<number | null, number[]>;

function toLists(tree: readonly TreeNode[]): { lists: Lists; parent: Map<number, number | null> } {
  const lists: Lists = new Map();
  const parent = new Map<number, number | null>();
  const walk = (nodes: readonly TreeNode[], parentId: number | null) => {
    lists.set(
      parentId,
      nodes.map((n) => n.id),
    );
    for (const n of nodes) {
      parent.set(n.id, parentId);
      walk(n.children, n.id);
    }
  };
  walk(tree, null);
  return { lists, parent };
}

function toItems(lists: Lists): OrderItem[] {
  const items: OrderItem[] = [];
  for (const [parentId, ids] of lists) ids.forEach((id, i) => items.push({ id, parentId, priority: i }));
  return items.sort((a, b) => a.id - b.id);
}

function isInside(parent: Map<number, number | null>, id: number, ancestor: number): boolean {
  for (let p: number | null | undefined = id; p != null; p = parent.get(p)) if (p === ancestor) return true;
  return false;
}

/** The keyboard alternative to dragging: one step up / down among siblings, into the previous sibling, out. */
export function moveCategory(tree: readonly TreeNode[], id: number, move: KeyboardMove): OrderItem[] | null {
  const { lists, parent } = toLists(tree);
  if (!parent.has(id)) return null;
  const parentId = parent.get(id) ?? null;
  const siblings = [...(lists.get(parentId) ?? [])];
  const i = siblings.indexOf(id);
  switch (move) {
    case 'up':
    case 'down': {
      const j = move === 'up' ? i - 1 : i + 1;
      if (j < 0 || j >= siblings.length) return null;
      [siblings[i], siblings[j]] = [siblings[j]!, siblings[i]!];
      lists.set(parentId, siblings);
      return toItems(lists);
    }
    case 'into': {
      const target = siblings[i - 1];
      if (target === undefined) return null;
      lists.set(
        parentId,
        siblings.filter((s) => s !== id),
      );
      lists.set(target, [...(lists.get(target) ?? []), id]);
      return toItems(lists);
    }
    case 'out': {
      if (parentId === null) return null;
      const grand = parent.get(parentId) ?? null;
      lists.set(
        parentId,
        siblings.filter((s) => s !== id),
      );
      const outer = [...(lists.get(grand) ?? [])];
      outer.splice(outer.indexOf(parentId) + 1, 0, id);
      lists.set(grand, outer);
      return toItems(lists);
    }
  }
}

/** A drop of `id` before, after or inside `targetId`; null when it would put a category inside itself. */
export function dropCategory(
  tree: readonly TreeNode[],
  id: number,
  targetId: number,
  position: DropPosition,
): OrderItem[] | null {
  const { lists, parent } = toLists(tree);
  if (!parent.has(id) || !parent.has(targetId) || id === targetId) return null;
  if (isInside(parent, targetId, id)) return null;
  const from = parent.get(id) ?? null;
  lists.set(
    from,
    (lists.get(from) ?? []).filter((s) => s !== id),
  );
  if (position === 'inside') {
    lists.set(targetId, [...(lists.get(targetId) ?? []), id]);
  } else {
    const to = parent.get(targetId) ?? null;
    const list = [...(lists.get(to) ?? [])];
    const at = list.indexOf(targetId) + (position === 'after' ? 1 : 0);
    list.splice(at, 0, id);
    lists.set(to, list);
  }
  return toItems(lists);
}

/** Which keyboard moves are possible for `id` (disabled buttons for the rest). */
export function possibleMoves(tree: readonly TreeNode[], id: number): Record<KeyboardMove, boolean> {
  return {
    up: moveCategory(tree, id, 'up') !== null,
    down: moveCategory(tree, id, 'down') !== null,
    into: moveCategory(tree, id, 'into') !== null,
    out: moveCategory(tree, id, 'out') !== null,
  };
}

/** Applies an order body to a tree locally (optimistic display before the server answers). */
export function applyOrder<T extends TreeNode>(tree: readonly T[], items: readonly OrderItem[]): T[] {
  const flat = new Map<number, T>();
  const walk = (nodes: readonly T[]) => {
    for (const n of nodes) {
      flat.set(n.id, n);
      walk(n.children as T[]);
    }
  };
  walk(tree);
  const byParent = new Map<number | null, OrderItem[]>();
  for (const item of items) byParent.set(item.parentId, [...(byParent.get(item.parentId) ?? []), item]);
  const build = (parentId: number | null): T[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.priority - b.priority)
      .flatMap((item) => {
        const node = flat.get(item.id);
        return node ? [{ ...node, parentId, priority: item.priority, children: build(item.id) }] : [];
      });
  return build(null);
}
