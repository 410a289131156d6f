import type { TFunction } from 'i18next';
import type { SelectOption } from '../../../components/ui/select.tsx';

/** A discount's kind (promotions, an order type's discount): a percentage or an amount. */
export const percentOrMoney = (t: TFunction): SelectOption[] => [
  { value: 'percent', label: t('promos.percent') },
  { value: 'money', label: t('promos.money') },
];
