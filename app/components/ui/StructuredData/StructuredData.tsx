import { useNonce } from '../../../lib/nonce';

export type StructuredDataProps = { data: object };

/**
 * JSON-LD for search engines. Browsers treat it as data and never run it, but it carries the response's
 * CSP nonce anyway, so no policy ever reports it. "<" is escaped so the text cannot close the script.
 */
export function StructuredData({ data }: StructuredDataProps) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The browser hides nonce values from the DOM, so the client's empty nonce is not a mismatch.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
