import {
  adverts,
  BANNER_AUTOPLAY_INTERVAL,
  bannerSlides,
  benefits,
  bestsellers,
  homeHeading,
  newArrivals,
  socialOffer,
  specialOffers,
} from '../../fixtures/home';
import { pages } from '../../fixtures/site';
import { Adverts } from '../components/home/Adverts/Adverts';
import { Banner } from '../components/home/Banner/Banner';
import { Benefits } from '../components/home/Benefits/Benefits';
import { NewArrivals } from '../components/home/NewArrivals/NewArrivals';
import { ProductShelf } from '../components/home/ProductShelf/ProductShelf';
import { SocialOffer } from '../components/home/SocialOffer/SocialOffer';
import { pageMeta } from '../lib/meta';
import { visuallyHidden } from '../styles/a11y.css';
import type { RouteHandle } from '../root';
import type { Route } from './+types/home';
import * as styles from './home.css';

export const handle: RouteHandle = { pageHeader: false };

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export function loader() {
  return {
    page: pages.home,
    heading: homeHeading,
    banner: { slides: bannerSlides, interval: BANNER_AUTOPLAY_INTERVAL },
    benefits,
    adverts,
    newArrivals,
    bestsellers,
    socialOffer,
    specialOffers,
  };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { heading, banner } = loaderData;
  return (
    <>
      <h1 className={visuallyHidden}>{heading}</h1>
      <Banner slides={banner.slides} interval={banner.interval} />
      <Benefits benefits={loaderData.benefits} />
      <div className={styles.sections}>
        <Adverts adverts={loaderData.adverts} />
        <NewArrivals section={loaderData.newArrivals} />
        <ProductShelf id="bestsellers-title" section={loaderData.bestsellers} />
        <SocialOffer offer={loaderData.socialOffer} />
        <ProductShelf id="special-offers-title" section={loaderData.specialOffers} />
      </div>
    </>
  );
}
