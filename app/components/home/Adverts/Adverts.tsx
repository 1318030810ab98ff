import { Link } from 'react-router';
import type { Advert } from '../../../types/home';
import { visuallyHidden } from '../../../styles/a11y.css';
import { Img } from '../../ui/Img/Img';
import { eyebrow as eyebrowStyle } from '../SectionHeader/SectionHeader.css';
import * as styles from './Adverts.css';

export type AdvertsProps = { adverts: Advert[] };

/** Three advert images, each a link to the shop. */
export function Adverts({ adverts }: AdvertsProps) {
  return (
    <section aria-labelledby="adverts-title">
      <h2 id="adverts-title" className={visuallyHidden}>
        Shop by collection
      </h2>
      <ul className={styles.list}>
        {adverts.map(({ eyebrow, title, cta, to, image }) => (
          <li key={title} className={styles.card}>
            <div className={styles.media}>
              <Img image={image} className={styles.image} />
            </div>
            <div className={styles.copy}>
              <p className={eyebrowStyle}>{eyebrow}</p>
              <h3 className={styles.title}>{title}</h3>
              {/* The link covers the whole card; its own text stays its name. */}
              <Link to={to} className={styles.link}>
                {cta}
                <span className={visuallyHidden}>: {title}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
