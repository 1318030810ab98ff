export type JsonLdProps = { data: object };

/** Structured data for search engines. `<` is escaped so no value can close the script element. */
export function JsonLd({ data }: JsonLdProps) {
  return (
    <script
      type="application/ld+json"
      // JSON is not HTML: React would escape quotes, so the already-safe text goes in as is.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
