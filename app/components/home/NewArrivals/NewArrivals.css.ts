import { style } from '@vanilla-extract/css';
import { NEW_ARRIVALS_LAYOUT } from './layout';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { slideLayout } from '../../carousel/layout';

const { above1024, atMost1024, atMost768, atMost640 } = NEW_ARRIVALS_LAYOUT;

export const root = style({});

// Cards per view for every breakpoint, in CSS, so the server's HTML is already laid out.
export const layout = style(
  slideLayout({
    perView: above1024.shown,
    gap: vars.space.lg,
    at: {
      [media.atMostLg]: { perView: atMost1024.shown },
      [media.atMostMd]: { perView: atMost768.shown, gap: vars.space.md },
      [media.atMostSm]: { perView: atMost640.shown },
    },
  }),
);
