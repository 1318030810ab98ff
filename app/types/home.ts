import type { Image, Product } from './site';

export type BannerSlide = {
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  image: Image;
};

export type Benefit = { title: string; text: string; icon: 'shield' | 'truck' | 'returns' };

export type Advert = { eyebrow: string; title: string; cta: string; to: string; image: Image };

export type ProductSection = {
  eyebrow: string;
  title: string;
  text?: string;
  link: { label: string; to: string };
  products: Product[];
};

export type SocialOffer = {
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; href: string };
  image: Image;
};
