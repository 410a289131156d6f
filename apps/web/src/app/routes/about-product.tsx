/** `/{place}/about-{product}` (spec §2): about the app the venue's menu runs on. */
import { Link } from '../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { usePlaceSlug } from '../../hooks/use-place-slug.ts';

export default function AboutProductPage({ product }: { product: string }) {
  const { t } = useTranslation();
  const place = usePlaceSlug();
  const name = product === config.productName ? t('app.name') : product;
  usePageMeta(t('aboutProduct.title', { name }));
  return (
    <div className="page page-narrow">
      <h1>{t('aboutProduct.title', { name })}</h1>
      <p>{t('aboutProduct.text', { name })}</p>
      <ul>
        <li>{t('aboutProduct.point1')}</li>
        <li>{t('aboutProduct.point2')}</li>
        <li>{t('aboutProduct.point3')}</li>
      </ul>
      <Link className="button" to={`/${place}`}>
        {t('common.backToMenu')}
      </Link>
    </div>
  );
}
