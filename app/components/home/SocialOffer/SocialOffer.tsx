import type { SocialOffer as SocialOfferData } from '../../../types/home';
import { buttonStyle } from '../../ui/Button/Button';
import { Icon } from '../../ui/Icon/Icon';
import { Img } from '../../ui/Img/Img';
import { eyebrow as eyebrowStyle } from '../SectionHeader/SectionHeader.css';
import * as styles from './SocialOffer.css';

export type SocialOfferProps = { offer: SocialOfferData };

/** The social offer: an image beside a short pitch and a link to the shop's social page. */
export function SocialOffer({ offer }: SocialOfferProps) {
  const { eyebrow, title, text, cta, image } = offer;
  return (
    <section className={styles.root} aria-labelledby="social-offer-title">
      <Img image={image} className={styles.image} />
      <div className={styles.copy}>
        <p className={[eyebrowStyle, styles.eyebrow].join(' ')}>{eyebrow}</p>
        <h2 id="social-offer-title" className={styles.title}>
          {title}
        </h2>
        <p className={styles.text}>{text}</p>
        <a href={cta.href} className={[buttonStyle({ tone: 'secondary' }), styles.cta].join(' ')}>
          <Icon name="instagram" size={18} className={styles.ctaIcon} />
          {cta.label}
        </a>
      </div>
    </section>
  );
}
