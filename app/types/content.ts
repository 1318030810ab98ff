import type { Image } from './site';

export type AboutTile = { label: string; to: string; image: Image };

export type AboutBlock = { id: string; heading: string; paragraphs: string[] };

export type JournalArticle = {
  id: string;
  category: string;
  title: string;
  date: string;
  author: string;
  excerpt: string;
  image: Image;
};

export type Office = {
  country: string;
  address: string[];
  phone: string;
  email: string;
  hours: string[];
};
