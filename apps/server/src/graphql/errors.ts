import { GraphQLError } from 'graphql';

/** Codes of expected failures; the web app owns their words (errors.<CODE>). */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'LOGIN_WRONG_CREDENTIALS',
  'LOGIN_RATE_LIMITED',
  'TIME_RANGE_TOO_WIDE',
  'WEATHER_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && (ERROR_CODES as readonly string[]).includes(v);

export class AppError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    details: Record<string, unknown> = {},
  ) {
    super(code, { extensions: { code, ...details } });
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');
export const badInput = (field: string, reason: string) => new AppError('BAD_USER_INPUT', { field, reason });
