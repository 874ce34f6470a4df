/**
 * Most GraphQL operations one HTTP request may carry (a JSON array of operations). The web app sends
 * the queries a page asks together in one request of at most this many; the server refuses more.
 */
export const OPERATIONS_PER_REQUEST_MAX = 10;
