// Page sizes of the lists both tiers page through.
/** Public lists (courses, blog, jobs): items per page and per "Load more". */
export const LIST_PAGE_SIZE = 12;
/** Staff inboxes (messages, applicants): rows per page. */
export const INBOX_PAGE_SIZE = 20;
