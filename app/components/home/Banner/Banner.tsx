import { Link } from 'react-router';
import type { BannerSlide } from '../../../types/home';
import { Carousel } from '../../carousel/Carousel/Carousel';
import { CarouselAutoplayToggle } from '../../carousel/CarouselAutoplayToggle/CarouselAutoplayToggle';
import { CarouselDots } from '../../carousel/CarouselDots/CarouselDots';
import { DURATION_ABOUT_500_MS } from '../../carousel/state';
import { buttonStyle } from '../../ui/Button/Button';
import { Img } from '../../ui/Img/Img';
import { eyebrow as eyebrowStyle } from '../SectionHeader/SectionHeader.css';
import * as styles from './Banner.css';

export type BannerProps = {
  slides: BannerSlide[];
  /** Milliseconds between slides. */
  interval: number;
};

/** The rotating banner: one slide at a time, numbered dots 01–04, autoplay with a pause control. */
export function Banner({ slides, interval }: BannerProps) {
  return (
    <Carousel
      label="Seasonal highlights"
      className={styles.root}
      slides={slides.map((slide, index) => (
        <BannerSlideView key={slide.title} slide={slide} first={index === 0} />
      ))}
      options={{ loop: true, duration: DURATION_ABOUT_500_MS }}
      autoplay={{ delay: interval }}
    >
      <div className={styles.controls}>
        <CarouselAutoplayToggle />
        <CarouselDots variant="numbered" label="Choose a banner slide" />
      </div>
    </Carousel>
  );
}

function BannerSlideView({ slide, first }: { slide: BannerSlide; first: boolean }) {
  const { eyebrow, title, text, cta, image } = slide;
  return (
    <div className={styles.slide}>
      {/* The first slide is the page's largest paint. The others are beside it, not below the fold: they load
          now, at low priority, and are ready when autoplay brings them in. */}
      <Img image={image} load={first ? 'priority' : 'eager'} className={styles.image} />
      <div className={styles.copy}>
        <p className={eyebrowStyle}>{eyebrow}</p>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.text}>{text}</p>
        <Link to={cta.to} className={[buttonStyle({ tone: 'primary' }), styles.cta].join(' ')}>
          {cta.label}
        </Link>
      </div>
    </div>
  );
}
