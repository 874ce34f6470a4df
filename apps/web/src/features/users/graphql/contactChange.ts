import { graphql } from '../../../shared/api/graphql.ts';
import { CURRENT_USER_FIELDS } from '../../../shared/caller/callerQueries.ts';

export const REQUEST_EMAIL_CHANGE = graphql(`
  mutation RequestEmailChange($email: String!, $password: String, $code: String) {
    requestEmailChange(email: $email, password: $password, code: $code) {
      status
      sentTo
    }
  }
`);

export const REQUEST_PHONE_CHANGE = graphql(`
  mutation RequestPhoneChange($phone: String!, $password: String, $code: String) {
    requestPhoneChange(phone: $phone, password: $password, code: $code) {
      status
      sentTo
    }
  }
`);

export const CONFIRM_PHONE_CHANGE = graphql(
  `
    mutation ConfirmPhoneChange($code: String!) {
      confirmPhoneChange(code: $code) {
        ...CurrentUserFields
      }
    }
  `,
  [CURRENT_USER_FIELDS],
);

export const CONFIRM_EMAIL_CHANGE = graphql(`
  mutation ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token)
  }
`);

export const UNDO_EMAIL_CHANGE = graphql(`
  mutation UndoEmailChange($token: String!) {
    undoEmailChange(token: $token)
  }
`);
