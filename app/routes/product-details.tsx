import { BuyingPanel } from '../components/product/BuyingPanel/BuyingPanel';
import { Gallery } from '../components/product/Gallery/Gallery';
import { ProductSections } from '../components/product/ProductSections/ProductSections';
import { ProductTabs } from '../components/product/ProductTabs/ProductTabs';
import { getProductDetails } from '../data/catalog.server';
import { getPage } from '../data/content.server';
import { JsonLd } from '../components/ui/JsonLd/JsonLd';
import { pageMeta } from '../lib/meta';
import { publicOrigin } from '../lib/origin';
import { productStructuredData } from '../lib/product-structured-data';
import type { Route } from './+types/product-details';
import * as styles from './product-details.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const [page, product] = await Promise.all([getPage('productDetails'), getProductDetails()]);
  return { page, product, structuredData: productStructuredData(product, origin, origin + page.path) };
}

/**
 * The review form posts here when JavaScript is off. The spec gives posting no effect, so the action
 * ignores the form and the page renders again, instead of answering 405 (docs/decisions/0010-review-form-post.md).
 */
export function action() {
  return null;
}

const TABS_ID = 'product-info';

export default function ProductDetailsPage({ loaderData }: Route.ComponentProps) {
  const { product, structuredData } = loaderData;
  return (
    <div className={styles.root}>
      <JsonLd data={structuredData} />
      <Gallery images={product.images} label={`${product.title} images`} autoplayDelay={product.carouselDelay} />
      <div className={styles.summary}>
        <BuyingPanel product={product} reviewsHref={`#${TABS_ID}-reviews`} />
        <ProductSections sections={product.sections} className={styles.sections} />
      </div>
      <ProductTabs id={TABS_ID} product={product} />
    </div>
  );
}
