/**
 * The category tree: drag a row onto another (top quarter = before, bottom quarter = after, middle = inside) or use
 * the buttons, which do the same without a mouse: up / down among siblings, into the previous sibling, out to the
 * parent's level. Every move sends the whole order (PUT admin/categories/order) and is announced for screen readers.
 */
import { useState, type DragEvent } from 'react';
import type { AdminCategory } from '../api/menu.ts';
import {
  dropCategory,
  moveCategory,
  possibleMoves,
  type DropPosition,
  type KeyboardMove,
  type OrderItem,
} from '../lib/category-moves.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

interface Props {
  tree: AdminCategory[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Sends the new order; resolves when stored. */
  onOrder: (items: OrderItem[]) => Promise<unknown>;
}

const MOVES: { move: KeyboardMove; icon: string }[] = [
  { move: 'up', icon: '↑' },
  { move: 'down', icon: '↓' },
  { move: 'into', icon: '→' },
  { move: 'out', icon: '←' },
];

function dropPosition(e: DragEvent<HTMLElement>): DropPosition {
  const box = e.currentTarget.getBoundingClientRect();
  const y = (e.clientY - box.top) / (box.height || 1);
  return y < 0.25 ? 'before' : y > 0.75 ? 'after' : 'inside';
}

export function CategoryTree({ tree, selectedId, onSelect, onOrder }: Props) {
  const t = useAdminT();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<{ id: number; position: DropPosition } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const send = (items: OrderItem[] | null, name: string) => {
    if (!items) return;
    setAnnouncement(t('menu.moved', { name }));
    void onOrder(items);
  };

  const render = (nodes: AdminCategory[]) => <ul role="group">{nodes.map((node) => renderNode(node))}</ul>;

  const renderNode = (node: AdminCategory) => {
    const can = possibleMoves(tree, node.id);
    return (
      <li
        key={node.id}
        role="treeitem"
        aria-selected={selectedId === node.id}
        aria-expanded={node.children.length > 0 ? true : undefined}
      >
        <div
          className={`${s.treeItem} ${node.active ? '' : s.inactive}`}
          data-selected={selectedId === node.id}
          data-drop={over?.id === node.id ? over.position : undefined}
          data-testid={`category-${node.id}`}
          draggable
          onDragStart={(e) => {
            setDragged(node.id);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(node.id));
          }}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
          onDragOver={(e) => {
            if (dragged === null || dragged === node.id) return;
            e.preventDefault();
            const position = dropPosition(e);
            if (over?.id !== node.id || over.position !== position) setOver({ id: node.id, position });
          }}
          onDragLeave={() => setOver((o) => (o?.id === node.id ? null : o))}
          onDrop={(e) => {
            e.preventDefault();
            const id = dragged ?? Number(e.dataTransfer.getData('text/plain'));
            const moved = findName(tree, id);
            send(dropCategory(tree, id, node.id, dropPosition(e)), moved);
            setDragged(null);
            setOver(null);
          }}
        >
          <span className={s.handle} aria-hidden="true">
            ⠿
          </span>
          {/* The name and the move buttons as one group beside the handle: when the row is too narrow for the name
              and the four buttons, the buttons go below the name together (admin.module.css) instead of pushing
              out of the row. */}
          <span className={s.treeBody}>
            <button type="button" className={s.treeName} onClick={() => onSelect(node.id)}>
              {node.name} <span className={s.hint}>({node.productCount})</span>
            </button>
            <span className={s.treeMoves}>
              {MOVES.map(({ move, icon }) => (
                <button
                  key={move}
                  type="button"
                  className={s.iconBtn}
                  disabled={!can[move]}
                  aria-label={t(`menu.move.${move}`, { name: node.name })}
                  title={t(`menu.move.${move}`, { name: node.name })}
                  onClick={() => send(moveCategory(tree, node.id, move), node.name)}
                >
                  {icon}
                </button>
              ))}
            </span>
          </span>
        </div>
        {node.children.length > 0 && render(node.children)}
      </li>
    );
  };

  return (
    <div>
      <ul className={s.tree} role="tree" aria-label={t('menu.categories')}>
        {tree.map((node) => renderNode(node))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function findName(nodes: AdminCategory[], id: number): string {
  for (const n of nodes) {
    if (n.id === id) return n.name;
    const inner = findName(n.children, id);
    if (inner) return inner;
  }
  return '';
}
