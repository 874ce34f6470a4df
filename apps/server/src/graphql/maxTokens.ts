import { DOCUMENT_TOKENS_MAX } from '@sitelens/domain';
import { parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Refuses a document of more than DOCUMENT_TOKENS_MAX tokens while it is lexed: a syntax error (HTTP 400), nothing parsed beyond. */
export function maxTokensPlugin(maxTokens = DOCUMENT_TOKENS_MAX): Plugin {
  // One function for every request; Yoga's parse cache answers a known text before it is called.
  const bounded: typeof parse = (source, options) => parse(source, { ...options, maxTokens });
  return {
    onParse({ setParseFn }) {
      setParseFn(bounded);
    },
  };
}
