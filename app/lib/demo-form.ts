import { getDemoFormNotice } from '../data/content.server';

/**
 * The action of every demo form's route. The spec has no submit handling, so it reads nothing (the body,
 * passwords included, is never looked at) and answers the notice the form shows. A route without an
 * action would answer a POST with 405, an error page.
 */
export async function demoFormAction() {
  return { notice: await getDemoFormNotice() };
}
