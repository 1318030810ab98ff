import type { Image } from './site';

export type ColourOption = { id: string; name: string; /** the swatch's fill, as a hex colour */ hex: string };

export type Review = { author: string; rating: number; text: string };

/** A heading with its placeholder text, inside an expandable section or a tab. */
export type TextBlock = { heading: string; text: string };

export type ProductSection = { id: string; title: string; blocks: TextBlock[] };

export type FormField = { name: string; label: string; placeholder: string };

export type ProductDetails = {
  title: string;
  images: Image[];
  /** Milliseconds each image stays in the small-screen carousel. */
  carouselDelay: number;
  price: number;
  oldPrice: number;
  currency: 'USD';
  /** Average star rating out of 5. */
  rating: number;
  colours: ColourOption[];
  sizes: string[];
  quantity: number;
  stockStatus: string;
  /** schema.org availability matching stockStatus. */
  availability: 'InStock' | 'OutOfStock';
  /** "1 Review", beside the stars under the title. */
  reviewCountText: string;
  /** The buying choices' labels. */
  labels: { colour: string; size: string; quantity: string };
  actions: { wishList: string; cart: string };
  tabs: { description: string; reviews: string };
  /** "1 review for Product", heading the reviews tab. */
  reviewsHeading: string;
  sections: ProductSection[];
  description: { heading: string; paragraphs: string[] };
  reviews: Review[];
  reviewForm: { heading: string; name: FormField; email: FormField; review: FormField; submit: string };
};
