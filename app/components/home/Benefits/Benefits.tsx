import type { Benefit } from '../../../types/home';
import { visuallyHidden } from '../../../styles/a11y.css';
import { Icon } from '../../ui/Icon/Icon';
import * as styles from './Benefits.css';

export type BenefitsProps = { benefits: Benefit[] };

/** The benefits strip: warranty, shipping and returns, each with an icon. */
export function Benefits({ benefits }: BenefitsProps) {
  return (
    <section className={styles.root} aria-labelledby="benefits-title">
      <h2 id="benefits-title" className={visuallyHidden}>
        Why shop with us
      </h2>
      <ul className={styles.list}>
        {benefits.map((benefit) => (
          <li key={benefit.title} className={styles.item}>
            <span className={styles.icon}>
              <Icon name={benefit.icon} size={24} />
            </span>
            <span className={styles.copy}>
              <strong className={styles.title}>{benefit.title}</strong>
              <span className={styles.text}>{benefit.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
