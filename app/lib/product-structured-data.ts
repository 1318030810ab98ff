import type { ProductDetails } from '../types/product';

/**
 * schema.org Product data for search engines: name, images, the offer (price with two decimals,
 * currency, availability), the aggregate rating and the reviews, with absolute URLs.
 */
export function productStructuredData(product: ProductDetails, origin: string, pageUrl: string) {
  const reviewCount = product.reviews.length;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description.paragraphs[0],
    image: product.images.map((image) => origin + image.src),
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: product.price.toFixed(2),
      priceCurrency: product.currency,
      availability: `https://schema.org/${product.availability}`,
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(reviewCount > 0
      ? {
          aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, bestRating: 5, reviewCount },
          review: product.reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author },
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5 },
            reviewBody: review.text,
          })),
        }
      : {}),
  };
}
