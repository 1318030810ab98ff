import { Adverts } from '../components/home/Adverts/Adverts';
import { Banner } from '../components/home/Banner/Banner';
import { Benefits } from '../components/home/Benefits/Benefits';
import { NewArrivals } from '../components/home/NewArrivals/NewArrivals';
import { ProductShelf } from '../components/home/ProductShelf/ProductShelf';
import { SocialOffer } from '../components/home/SocialOffer/SocialOffer';
import { getHomeShelves } from '../data/catalog.server';
import { getHomeContent, getPage, getSite } from '../data/content.server';
import { JsonLd } from '../components/ui/JsonLd/JsonLd';
import { pageMeta } from '../lib/meta';
import { publicOrigin } from '../lib/origin';
import { organization, webSite } from '../lib/structured-data';
import { visuallyHidden } from '../styles/a11y.css';
import type { RouteHandle } from '../root';
import type { Route } from './+types/home';
import * as styles from './home.css';

export const handle: RouteHandle = { pageHeader: false };

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const [page, site, content, shelves] = await Promise.all([
    getPage('home'),
    getSite(),
    getHomeContent(),
    getHomeShelves(),
  ]);
  return {
    page,
    structuredData: [
      organization({
        name: site.brand,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        email: site.contact.email,
        telephone: site.contact.phone,
      }),
      webSite({ name: site.brand, url: `${origin}/` }),
    ],
    ...content,
    ...shelves,
  };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { heading, banner } = loaderData;
  return (
    <>
      {loaderData.structuredData.map((data) => (
        <JsonLd key={data['@type']} data={data} />
      ))}
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
