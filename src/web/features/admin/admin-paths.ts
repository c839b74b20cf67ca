import { paths } from '../../paths.ts';

/** The dashboard keeps its active tab in the query (?tab=...), so reload and Back return to it. */
export const TAB_PARAM = 'tab';
export const USERS_TAB = 'utilizadores';

export const adminTabHref = (tab: string) => `${paths.admin}?${TAB_PARAM}=${encodeURIComponent(tab)}`;
