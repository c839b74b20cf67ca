/** The subscribers and newsletter tabs' ?tab= values (backoffice.md §2). */
export const SUBSCRIBERS_TAB = 'subscritores';
export const NEWSLETTER_TAB = 'newsletter';
