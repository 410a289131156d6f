/** The links modal of a link-type category with several links (spec §2); its own chunk, loaded when opened. */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import type { LinkTarget } from '../../../lib/category-link.ts';
import { TargetLink } from './target-link.tsx';
import styles from './category-list.module.css';

export function LinksModal({
  title,
  targets,
  onClose,
}: {
  title: string;
  targets: LinkTarget[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open title={title} onClose={onClose}>
      <ul className={styles.links}>
        {targets.map((target, i) => (
          <li key={i}>
            <TargetLink target={target} className="button button-secondary">
              {target.kind === 'internal' ? t('nav.feedback') : target.href.replace(/^https?:\/\//, '')}
            </TargetLink>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
