/**
 * The readable title of a path, from its last segment, as the spec derives page titles:
 * "/productDetails" → "Product Details", "/signUp" → "Sign Up", "/" → "Home".
 */
export function titleFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (!last) return 'Home';
  let segment: string;
  try {
    segment = decodeURIComponent(last);
  } catch {
    segment = last;
  }
  const words = segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
