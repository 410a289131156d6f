/**
 * The order steps on a phone: a numbered list with the current step marked (aria-current="step"), and the step's
 * heading, which takes the focus when the step changes so a screen reader says where the guest is.
 */
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStep } from '../../hooks/use-order-steps.ts';
import s from './order-form.module.css';

export function StepIndicator({
  steps,
  current,
  headingRef,
}: {
  steps: OrderStep[];
  current: number;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const step = steps[current]!;
  return (
    <div className={s.steps}>
      <ol className={s.stepList} aria-label={t('cart.steps.label')}>
        {steps.map((id, i) => (
          <li
            key={id}
            className={s.step}
            aria-current={i === current ? 'step' : undefined}
            data-done={i < current || undefined}
          >
            <span className={s.stepNumber} aria-hidden="true">
              {i < current ? '✓' : i + 1}
            </span>
            <span className={s.stepName}>{t(`cart.steps.${id}`)}</span>
          </li>
        ))}
      </ol>
      <h3 ref={headingRef} tabIndex={-1} className={s.stepHeading} data-testid="order-step">
        <span className="visually-hidden">
          {t('cart.steps.of', { n: current + 1, total: steps.length })}:{' '}
        </span>
        {t(`cart.steps.${step}`)}
      </h3>
    </div>
  );
}
