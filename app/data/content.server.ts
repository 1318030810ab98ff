/**
 * The shop's words and editorial content: pages' titles, the shell, the home page's banners and sections,
 * About, Journal, Contacts and the forms. Today they come from fixtures/; a CMS would answer here.
 */
import { about } from '../../fixtures/about';
import {
  accountLogout,
  accountMenu,
  accountMenuLabel,
  accountPanels,
  DEFAULT_ACCOUNT_TAB,
} from '../../fixtures/account';
import { login, signUp } from '../../fixtures/auth';
import { billingFields, checkoutPage, orderNotesField, paymentOptions } from '../../fixtures/checkout';
import { contactForm, officesCopy } from '../../fixtures/contact';
import { demoFormNotice } from '../../fixtures/forms';
import {
  adverts,
  BANNER_AUTOPLAY_INTERVAL,
  bannerSlides,
  benefits,
  homeHeading,
  socialOffer,
} from '../../fixtures/home';
import { journal } from '../../fixtures/journal';
import { officeLabels, offices } from '../../fixtures/offices';
import {
  categoryFilter,
  filterGroups,
  listingPageTitle,
  PAGE_RANGE,
  productCounter,
  shopCopy,
  sortOptions,
} from '../../fixtures/shop';
import {
  cartButtonLabel,
  categories,
  footerColumns,
  notFoundCopy,
  notFoundText,
  pages,
  shellCopy,
  site,
  socialLinks,
  topNav,
} from '../../fixtures/site';
import type { PageId } from '../paths';
import type { PageCopy } from '../types/site';

export async function getSite() {
  return site;
}

/** A page's path, title, description and indexing rule, with the shop's name for its title. */
export async function getPage(id: PageId): Promise<PageCopy> {
  return { ...pages[id], siteName: site.brand };
}

/** Every page, for the sitemap. */
export async function getPages(): Promise<PageCopy[]> {
  return Object.values(pages).map((page) => ({ ...page, siteName: site.brand }));
}

export async function getShellContent() {
  return {
    brand: site.brand,
    tagline: site.tagline,
    contact: site.contact,
    topNav,
    categories,
    footerColumns,
    socialLinks,
    copy: shellCopy,
    year: new Date().getFullYear(),
  };
}

export { cartButtonLabel };

export async function getHomeContent() {
  return {
    heading: homeHeading,
    banner: { slides: bannerSlides, interval: BANNER_AUTOPLAY_INTERVAL },
    benefits,
    adverts,
    socialOffer,
  };
}

export async function getAbout() {
  return about;
}

export async function getJournal() {
  return journal;
}

export async function getContacts() {
  return { form: contactForm, officesCopy, offices, officeLabels };
}

export async function getLogin() {
  return login;
}

export async function getSignUp() {
  return signUp;
}

export async function getCheckoutForm() {
  return { copy: checkoutPage, billingFields, orderNotesField, paymentOptions };
}

export async function getAccountPages() {
  return {
    menu: accountMenu,
    menuLabel: accountMenuLabel,
    logout: accountLogout,
    panels: accountPanels,
    defaultTab: DEFAULT_ACCOUNT_TAB,
  };
}

export async function getNotFound() {
  return { message: notFoundText, ...notFoundCopy };
}

/** The shop page's words, filters and sort choices, and how its counter and later pages' titles read. */
export async function getShopContent() {
  return {
    copy: shopCopy,
    filters: { primary: categoryFilter, groups: filterGroups },
    sortOptions,
    pageWindow: PAGE_RANGE,
    productCounter,
    listingPageTitle,
  };
}

/**
 * What every demo form's action answers. The spec gives forms no effect, so each form's route has an action
 * that reads nothing (the body, passwords included, is never looked at) and answers this notice: a route
 * without an action would answer a POST with 405, an error page (0008).
 */
export async function getDemoFormNotice() {
  return demoFormNotice;
}
