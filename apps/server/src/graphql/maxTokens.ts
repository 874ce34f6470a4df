import { DOCUMENT_TOKENS_MAX } from '@sitelens/domain';
import { parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Refuses a document of more than DOCUMENT_TOKENS_MAX tokens while it is lexed: a syntax error (HTTP 400), nothing parsed beyond. */
export function maxTokensPlugin(maxTokens = DOCUMENT_TOKENS_MAX): Plugin {
  return {
    onParse({ setParseFn }) {
      setParseFn((source, options) => parse(source, { ...options, maxTokens }));
    },
  };
}
