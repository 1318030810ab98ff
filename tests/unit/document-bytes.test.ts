import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../app/lib/csp';
import { DEFERRED_MODULE, deferScripts } from '../../app/lib/deferred-scripts';
import { inlineStylesheets } from '../../app/lib/stylesheets.server';

// The document's last steps work on its bytes in pieces, never as text (app/entry.server.tsx); what they make must
// be what the same steps made of the text, whatever characters the page holds.

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const joined = (pieces: Buffer[]) => Buffer.concat(pieces).toString();

const page = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/><title>Caf\u00e9 \u2026</title>',
  '<link rel="modulepreload" href="/b.js" integrity="sha384-x"/><style data-href="/s.css"></style>',
  '<script type="application/ld+json">{"name":"Caf\u00e9"}</script></head><body><p>Na\u00efve \u2192</p>',
  '<script>window.context = "\u2026";</script><scripts-are-not-elements></scripts-are-not-elements>',
  '<script src="/c.js"></script><script type="module" async="">import "/a.js";</script></body></html>',
].join('');

describe('deferScripts on bytes', () => {
  it('moves the module script and its preloads behind the first paint, leaving every other byte as it was', () => {
    const text = joined(deferScripts(Buffer.from(page)));
    expect(text.slice(0, text.indexOf('<template'))).not.toContain('<link rel="modulepreload"');
    expect(text).toContain(
      `<script type="${DEFERRED_MODULE}">import "/a.js";</script><template id="storefront-preloads">` +
        '<link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js" integrity="sha384-x"/></template><script>',
    );
    const withoutDeferral = page
      .replaceAll(/<link rel="modulepreload"[^>]*>/g, '')
      .replace('<script type="module" async="">import "/a.js";</script>', '');
    expect(text.replace(/<script type="storefront[\s\S]*<\/template><script>[\s\S]*?<\/script>/, '')).toBe(
      withoutDeferral,
    );
  });

  it('leaves a document without exactly one module script alone', () => {
    const none = Buffer.from('<html><body><p>\u2026</p></body></html>');
    expect(deferScripts(none)).toEqual([none]);
  });
});

describe('contentSecurityPolicy of pieces', () => {
  it("hashes each inline script's and stylesheet's UTF-8 bytes, not data blocks, sources or other elements", () => {
    const pieces = deferScripts(Buffer.from(page));
    const policy = contentSecurityPolicy(pieces, ["'sha256-sheet'"]);
    const scriptSrc = policy.match(/script-src ([^;]*)/)![1]!.split(' ');
    expect(scriptSrc).toContain(sha256('window.context = "\u2026";'));
    expect(scriptSrc).toContain(sha256('import "/a.js";'));
    expect(scriptSrc).not.toContain(sha256('{"name":"Caf\u00e9"}'));
    // The two above, the loader and 'strict-dynamic'.
    expect(scriptSrc).toHaveLength(4);
    expect(policy).toContain("style-src 'self' 'sha256-sheet';");
  });

  it('reads a document cut anywhere between elements the same as whole', () => {
    const whole = Buffer.from(page);
    const at = whole.indexOf('<body>');
    expect(contentSecurityPolicy([whole.subarray(0, at), whole.subarray(at)])).toBe(contentSecurityPolicy([whole]));
  });
});

describe('inlineStylesheets on bytes', () => {
  // Filling a place with the build's bytes is checked on every page the server renders (tests/ssr/security.test.ts).
  it("leaves a place for a stylesheet that is not the build's, and every other style element, alone", () => {
    const document = Buffer.from(
      '<head><style data-href="/elsewhere.css"></style><style>p{color:red}</style><style data-href="/assets/x.css">' +
        'b{}</style></head>',
    );
    const { document: pieces, sources } = inlineStylesheets([document]);
    expect(Buffer.concat(pieces).equals(document)).toBe(true);
    expect(sources).toEqual([]);
    expect(contentSecurityPolicy([document], ["'sha256-sheet'"])).toContain(
      `style-src 'self' ${sha256('p{color:red}')} ${sha256('b{}')} 'sha256-sheet';`,
    );
  });
});

describe('pieces and elements', () => {
  it('keeps a preload link after the module script with the others, in document order', () => {
    const text = joined(
      deferScripts(
        Buffer.from(
          '<head><link rel="modulepreload" href="/a.js"/></head><body><script type="module" async="">import "/a.js";' +
            '</script><link rel="modulepreload" href="/b.js"/></body>',
        ),
      ),
    );
    expect(text).toContain(
      '<template id="storefront-preloads"><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></template>',
    );
    expect(text.endsWith('</script></body>')).toBe(true);
  });

  it('refuses a document whose element is cut across pieces, rather than leave its hash out of the policy', () => {
    const whole = Buffer.from('<body><script>one()</script></body>');
    const cut = whole.indexOf('one');
    expect(() => contentSecurityPolicy([whole.subarray(0, cut), whole.subarray(cut)])).toThrow(/cut across/);
  });
});
