import { data } from 'react-router';

/**
 * Any URL no other route matches. Throwing the 404 here, rather than matching nothing, lets the root loader
 * run, so the error page keeps the full shell without the browser bundle carrying the shell's fixtures.
 */
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function CatchAll() {
  return null;
}
