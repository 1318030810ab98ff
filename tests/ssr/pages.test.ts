import { describe, expect, it } from 'vitest';
import { about } from '../../fixtures/about.ts';
import { accountMenu, accountPanels, accountUser, DEFAULT_ACCOUNT_TAB } from '../../fixtures/account.ts';
import { login, signUp } from '../../fixtures/auth.ts';
import { CART_TOTAL, cartLines, cartPage, cartSizes } from '../../fixtures/cart.ts';
import { billingFields, checkoutPage, orderNotesField, paymentOptions } from '../../fixtures/checkout.ts';
import { contactForm } from '../../fixtures/contact.ts';
import { countries } from '../../fixtures/countries.ts';
import type { FieldSpec } from '../../app/types/forms.ts';
import { demoFormNotice } from '../../fixtures/forms.ts';
import { journal } from '../../fixtures/journal.ts';
import { offices } from '../../fixtures/offices.ts';
import { MAX_BODY_BYTES } from '../../server/middleware.ts';
import { count, visibleText } from '../support/html.ts';
import { fetchPage } from '../support/server.ts';
import { server, useServer } from '../support/setup.ts';

useServer();

const get = async (path: string) => {
  const page = await fetchPage(server.origin, path);
  expect(page.status).toBe(200);
  return page.html;
};

/** The attributes of the element with this id, read from the raw HTML. */
function element(html: string, id: string): { tag: string; attributes: Record<string, string> } {
  const match = html.match(new RegExp(`<(input|select|textarea)\\b[^>]*\\bid="${id}"[^>]*>`));
  expect(match, `an input, select or textarea with id="${id}"`).not.toBeNull();
  const attributes: Record<string, string> = {};
  for (const [, name, value] of match![0].matchAll(/([\w-]+)(?:="([^"]*)")?/g))
    attributes[name!.toLowerCase()] = value ?? '';
  return { tag: match![1]!, attributes };
}

/** The text of the <label for=id>, which must exist: every field has a visible label. */
function labelText(html: string, id: string): string {
  const match = html.match(new RegExp(`<label[^>]*\\bfor="${id}"[^>]*>([\\s\\S]*?)</label>`));
  expect(match, `a <label for="${id}">`).not.toBeNull();
  return visibleText(match![1]!);
}

/** Every field of a spec list is in the HTML with its label, type, name and autofill token. */
function expectFields(html: string, fields: readonly FieldSpec[], idPrefix: string) {
  for (const field of fields) {
    const id = `${idPrefix}-${field.name}`;
    const { tag, attributes } = element(html, id);
    expect(labelText(html, id)).toBe(field.optional ? `${field.label} (optional)` : field.label);
    expect(attributes.name).toBe(field.name);
    if (field.autoComplete) expect(attributes.autocomplete).toBe(field.autoComplete);
    if (field.kind === 'select') expect(tag).toBe('select');
    else if (field.kind === 'textarea') expect(tag).toBe('textarea');
    else expect([tag, attributes.type]).toEqual(['input', field.type ?? 'text']);
    // The spec has no validation: nothing is required.
    expect(attributes).not.toHaveProperty('required');
  }
}

/** The options of a select, in order. */
function optionsOf(html: string, id: string): string[] {
  const select = html.match(new RegExp(`<select[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</select>`))?.[1] ?? '';
  return [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]!);
}

/** Each form posts to its own page (never a GET that would put fields into the URL). */
function expectPostForm(html: string) {
  const forms = html.match(/<form\b[^>]*>/g) ?? [];
  const pageForms = forms.filter((form) => !form.includes('role="search"'));
  expect(pageForms.length).toBeGreaterThan(0);
  for (const form of pageForms) expect(form).toMatch(/method="post"/);
}

describe('About', () => {
  it('has the Our Brand and Our Stores image buttons, the brand statement and the three text blocks', async () => {
    const html = await get('/about');
    const text = visibleText(html);
    for (const tile of about.tiles) {
      expect(html).toMatch(
        new RegExp(
          `<a[^>]*href="[^"]*${tile.to}"[^>]*>\\s*<img[^>]*src="${tile.image.src}"[^>]*width="640"[^>]*height="440"`,
        ),
      );
      expect(text).toContain(tile.label);
    }
    expect(text).toContain(about.statement.text);
    expect(text).toContain('Our Vision');
    expect(text).toContain('Our Story');
    expect(text).toContain('Our Brands');
    for (const block of about.blocks) for (const paragraph of block.paragraphs) expect(text).toContain(paragraph);
    expect(html).toContain('id="our-brands"');
    expect(count(html, /<img[^>]*fetchpriority="high"/gi)).toBe(1);
  });
});

describe('Contact', () => {
  it('has the name, email and message form with a Post button', async () => {
    const html = await get('/contacts');
    expectFields(html, contactForm.fields, 'contact');
    expect(element(html, 'contact-email').attributes.type).toBe('email');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Post<\/button>/);
    expectPostForm(html);
  });

  it('has the Germany, Slovakia and Lithuania panels with address, phone, email and opening hours, readable without JavaScript', async () => {
    const html = await get('/contacts');
    const summaries = [...html.matchAll(/<summary[^>]*>([\s\S]*?)<\/summary>/g)].map((match) => visibleText(match[1]!));
    expect(summaries).toEqual(['Germany', 'Slovakia', 'Lithuania']);
    expect(count(html, /<details[^>]*name="offices"/)).toBe(3);
    const text = visibleText(html);
    for (const office of offices) {
      for (const line of [...office.address, office.phone, office.email, ...office.hours]) expect(text).toContain(line);
      expect(html).toContain(`href="mailto:${office.email}"`);
    }
    expect(count(html, /<dt[^>]*>[\s\S]*?Opening hours<\/dt>/g)).toBe(3);
  });
});

describe('Login', () => {
  it('has the returning customer email and password with Log in, and New Customer Continue to /signUp', async () => {
    const html = await get('/login');
    const text = visibleText(html);
    expect(text).toContain('Returning Customer');
    expectFields(html, login.returning.fields, 'login');
    expect(element(html, 'login-email').attributes.type).toBe('email');
    expect(element(html, 'login-password').attributes.autocomplete).toBe('current-password');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Log in<\/button>/);
    expect(text).toContain('New Customer');
    expect(html).toMatch(/<a[^>]*href="\/signUp"[^>]*>Continue<\/a>/);
    expectPostForm(html);
  });
});

describe('Sign up', () => {
  it('has personal details, address, password and repeat password with the right types and tokens', async () => {
    const html = await get('/signUp');
    for (const fieldset of signUp.fieldsets) {
      expect(visibleText(html)).toContain(fieldset.legend);
      expectFields(html, fieldset.fields, 'sign-up');
    }
    const tokens = [
      'given-name',
      'family-name',
      'email',
      'tel',
      'address-line1',
      'address-line2',
      'address-level2',
      'postal-code',
      'country-name',
      'address-level1',
    ];
    for (const token of tokens) expect(html.toLowerCase()).toContain(`autocomplete="${token}"`);
    expect(count(html, /autocomplete="new-password"/gi)).toBe(2);
    expect(optionsOf(html, 'sign-up-country')).toEqual(['Select a country', ...countries]);
  });

  it('has the privacy policy checkbox (not enforced), the newsletter Yes / No choice and Sign Up', async () => {
    const html = await get('/signUp');
    const text = visibleText(html);
    expect(html).toMatch(/<label[^>]*><input type="checkbox"[^>]*name="privacy"[^>]*>/);
    expect(html).not.toMatch(/name="privacy"[^>]*required/);
    expect(text).toContain(signUp.privacy.label);
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Subscribe to our newsletter<\/legend>/);
    const yes = element(html, 'newsletter-yes').attributes;
    const no = element(html, 'newsletter-no').attributes;
    expect([yes.type, yes.name, yes.value, 'checked' in yes]).toEqual(['radio', 'newsletter', 'yes', false]);
    expect([no.type, no.name, no.value, 'checked' in no]).toEqual(['radio', 'newsletter', 'no', true]);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign Up<\/button>/);
    expect(html).toMatch(/href="\/login"/);
    expectPostForm(html);
  });
});

describe('Account', () => {
  it('has the menu Dashboard, Others, Donwloads, Addresses, Account details, Logout, with Dashboard current', async () => {
    const html = await get('/myAccount');
    const nav = html.match(/<nav aria-label="Account"[\s\S]*?<\/nav>/)?.[0] ?? '';
    expect(visibleText(nav)).toBe('Dashboard Others Donwloads Addresses Account details Logout');
    expect(count(nav, /aria-current="page"/g)).toBe(1);
    expect(nav).toMatch(/<a (?=[^>]*aria-current="page")(?=[^>]*href="\/myAccount")[^>]*>Dashboard</);
    expect(nav).toMatch(/href="\/login"[^>]*>Logout</);
    const text = visibleText(html);
    expect(text).toContain(`Hello ${accountUser.displayName}`);
    expect(text).toContain(accountPanels.dashboard.text);
  });

  it.each(accountMenu.map((item) => [item.id, item.label] as const))(
    '?tab=%s highlights %s and shows its panel',
    async (id, label) => {
      // The default tab is the page itself (its URL spelled out redirects there).
      const html = await get(id === DEFAULT_ACCOUNT_TAB ? '/myAccount' : `/myAccount?tab=${id}`);
      const current = html.match(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g) ?? [];
      expect(current.map((link) => visibleText(link))).toEqual([label]);
      expect(html).toMatch(new RegExp(`<h2[^>]*id="account-panel-heading"[^>]*>${label}</h2>`));
    },
  );

  it('an unknown or repeated tab, or the default one spelled out, redirects to the page itself (Dashboard)', async () => {
    // Spelled out, the default tab was a second URL, a second render and a second cache entry of the same page.
    for (const query of ['?tab=nope', '?tab=downloads&tab=details', `?tab=${DEFAULT_ACCOUNT_TAB}`]) {
      const response = await fetch(`${server.origin}/myAccount${query}`, { redirect: 'manual' });
      expect(response.status, query).toBe(302);
      expect(response.headers.get('location'), query).toBe('/myAccount');
    }
  });
});

describe('Cart', () => {
  it('has a product table with image, name, price, quantity stepper, size select (S to XXL) and line total', async () => {
    const html = await get('/cart');
    const text = visibleText(html);
    const headers = [...(html.match(/<thead[\s\S]*?<\/thead>/)?.[0] ?? '').matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map(
      (match) => match[1],
    );
    expect(headers).toEqual(['Product', 'Price', 'Quantity', 'Size', 'Total']);
    for (const line of cartLines) {
      expect(html).toContain(`src="${line.image.src}"`);
      expect(text).toContain(line.name);
      const quantity = element(html, `quantity-${line.id}`).attributes;
      expect([quantity.type, quantity.value]).toEqual(['number', String(line.quantity)]);
      expect(labelText(html, `quantity-${line.id}`)).toBe(`Quantity of ${line.name}`);
      expect(html).toContain(`aria-label="Increase quantity of ${line.name}"`);
      expect(optionsOf(html, `size-${line.id}`)).toEqual([...cartSizes]);
      expect(labelText(html, `size-${line.id}`)).toBe(`Size of ${line.name}`);
    }
    expect(cartSizes).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(text).toContain('Denim jacket Price $129.99');
    expect(text).toContain('$178.00');
  });

  it('has Apply coupon, Update cart, the totals with 389.99 $ and Proceed to Checkout to /checkOut', async () => {
    const html = await get('/cart');
    const text = visibleText(html);
    expect(labelText(html, 'cart-coupon')).toBe(cartPage.coupon.label);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Apply coupon<\/button>/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Update cart<\/button>/);
    expect(text).toMatch(
      /Cart totals Subtotal \$379\.99 Shipping Flat rate ?: \$10\.00 Total 389\.99 \$ Proceed to Checkout/,
    );
    expect(CART_TOTAL).toBe('389.99 $');
    expect(html).toMatch(/<a[^>]*href="\/checkOut"[^>]*>Proceed to Checkout<\/a>/);
    expectPostForm(html);
  });
});

describe('Checkout', () => {
  it('has the billing details with the right types and tokens, and the countries of the spec', async () => {
    const html = await get('/checkOut');
    const text = visibleText(html);
    expect(text).toContain(checkoutPage.billingHeading);
    expectFields(html, billingFields, 'billing');
    expect(labelText(html, 'billing-company')).toBe('Company name (optional)');
    expect(labelText(html, 'billing-street2')).toMatch(/\(optional\)$/);
    expect(optionsOf(html, 'billing-country')).toEqual([
      'Select a country',
      'U.S.A',
      'U.K',
      'Bangladesh',
      'India',
      'Pakistan',
      'Chain',
    ]);
  });

  it('has the optional order notes, the order summary, the bank payment radios and Proceed to Bank', async () => {
    const html = await get('/checkOut');
    const text = visibleText(html);
    expect(text).toContain(checkoutPage.notesHeading);
    expectFields(html, [orderNotesField], 'checkout');
    expect(text).toContain(
      'Your order Product Subtotal Denim jacket × 1 $129.99 Summer dress × 2 $178.00 Canvas sneaker × 1 $72.00',
    );
    expect(text).toMatch(/Subtotal \$379\.99 Shipping Flat rate ?: \$10\.00 Total 389\.99 \$/);
    expect(html).toMatch(/<legend[^>]*>Payment method<\/legend>/);
    expect(count(html, /<input[^>]*type="radio"[^>]*name="payment"/g)).toBe(paymentOptions.length);
    expect('checked' in element(html, 'payment-bank-transfer').attributes).toBe(true);
    for (const option of paymentOptions) expect(text).toContain(option.label);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Proceed to Bank<\/button>/);
    expectPostForm(html);
  });
});

describe('Journal', () => {
  it('lists the placeholder articles with pictures, dates and excerpts', async () => {
    const html = await get('/journal');
    const text = visibleText(html);
    expect(count(html, /<article\b/g)).toBe(journal.articles.length);
    for (const article of journal.articles) {
      expect(text).toContain(article.title);
      expect(text).toContain(article.excerpt);
      expect(html.toLowerCase()).toContain(`datetime="${article.date}"`);
      expect(html).toMatch(new RegExp(`<img[^>]*src="${article.image.src}"[^>]*width="800"[^>]*height="500"`));
    }
  });
});

describe('submitting a form without JavaScript', () => {
  const forms = ['/contacts', '/login', '/signUp', '/cart', '/checkOut'];

  it.each(forms)('a POST to %s answers the same page with the demo notice, not an error', async (path) => {
    const body = new URLSearchParams({ email: 'someone@example.com', password: 'secret' });
    const { status, html } = await fetchPage(server.origin, path, { method: 'POST', body });
    expect(status).toBe(200);
    expect(visibleText(html)).toContain(demoFormNotice);
    expect(html).not.toContain('Unexpected Application Error!');
    expect(html).not.toContain('secret');
  });

  // A body over the server's limit gets a bare 413 (with JavaScript, the error page), and what was typed is lost.
  it.each([...forms, '/productDetails'])('%s: its form’s fields, full, fit the server’s body limit', async (path) => {
    const html = await get(path);
    const forms = [...html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)].map((match) => match[1]!);
    expect(forms.length).toBeGreaterThan(0);
    const attribute = (attributes: string, name: string) =>
      attributes.match(new RegExp(`(?<![\\w-])${name}="([^"]*)"`, 'i'))?.[1];
    for (const form of forms) {
      let worst = 0;
      for (const [, tag = '', attributes = ''] of form.matchAll(/<(input|textarea|select)\b([^>]*)>/gi)) {
        const name = attribute(attributes, 'name');
        if (name === undefined) continue;
        const type = tag.toLowerCase() === 'input' ? (attribute(attributes, 'type') ?? 'text') : tag.toLowerCase();
        // Form-encoded, a character takes up to 9 bytes: three bytes of UTF-8, each written %XX.
        let value = 9 * 64; // a select's option, a checkbox's or radio's value
        if (['textarea', 'text', 'email', 'tel', 'password', 'search'].includes(type)) {
          const maxLength = Number(attribute(attributes, 'maxLength'));
          expect(maxLength, `${path}: the longest ${name}`).toBeGreaterThan(0);
          value = 9 * maxLength;
        } else if (type === 'hidden') value = 3 * (attribute(attributes, 'value') ?? '').length;
        worst += name.length + 2 + value;
      }
      expect(worst).toBeLessThan(MAX_BODY_BYTES);
    }
  });

  it.each([...forms, '/myAccount', '/about', '/journal'])('a GET of %s shows no notice', async (path) => {
    expect(visibleText(await get(path))).not.toContain(demoFormNotice);
  });
});
