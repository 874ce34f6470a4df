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
  // Sign-in, two-factor and passwords (issue 19): the right password of an account with two-factor
  // answers LOGIN_OTP_REQUIRED (auth state 2FA) and the code goes to the user's otpContact.
  'LOGIN_OTP_REQUIRED',
  'OTP_INVALID',
  'OTP_BLOCKED',
  'OTP_SIGNIN_EXPIRED',
  'OTP_RESEND_TOO_SOON',
  'RESET_TOKEN_INVALID',
  // A confirm or undo link of an e-mail change expired, used, replaced or unknown (issue 28 item 1).
  'EMAIL_LINK_INVALID',
  // An invitation link expired, used or withdrawn (the web app's invitation-expired modal).
  'INVITATION_EXPIRED',
  'WRONG_PASSWORD',
  'RATE_LIMITED',
  // Single sign-on (OpenID Connect): no account for the provider's verified e-mail (spec 000 §8), or
  // the flow failed (state, code, ID token); the authenticator's secret cannot be kept encrypted.
  'LOGIN_SSO_USER_NOT_FOUND',
  'LOGIN_SSO_FAILED',
  'SECRETS_KEY_MISSING',
  'SECRETS_KEY_MISMATCH',
  // A mutation, or a query field that changes state (sign-in, renewal), sent over GET.
  'METHOD_NOT_ALLOWED',
  // What an administrator viewing as a user may not do: that user's password, two-factor, sessions.
  'VIEW_AS_REFUSED',
  'TIME_RANGE_TOO_WIDE',
  // A call asking more engine work than API_ENGINE_REQUESTS_PER_CALL / API_POINTS_PER_CALL; one caller past its turns (HTTP 429).
  'API_WORK_LIMIT',
  'TOO_MANY_REQUESTS',
  'WEATHER_UNAVAILABLE',
  // The sales-metrics import (spec 002 §5, §8); the refused lines travel in the extensions.
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  // A file with no line in it (0 bytes, blank lines only, an empty first worksheet).
  'FILE_EMPTY',
  'INVALID_FILE_TYPE',
  'INVALID_DATE_FORMAT',
  'INVALID_TIMEZONE_FORMAT',
  'FILE_VALIDATION_FAILED',
  'PROCESSING_FAILED',
  'STORAGE_FAILED',
  'IMPORT_TYPE_REQUIRED',
  // A dashboard save made on a version that is no longer the latest (issue 32): never a silent overwrite.
  'VERSION_CONFLICT',
  'UNKNOWN_ERROR',
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
