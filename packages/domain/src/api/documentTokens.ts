/**
 * Most lexical tokens one GraphQL document may hold. graphql-js parses nested lists by recursion,
 * one level per `[`, and ran out of stack inside a request between 1,000 and 2,000 levels; the
 * server refuses a longer document while lexing it, and the web app's documents stay well under.
 */
export const DOCUMENT_TOKENS_MAX = 1000;
