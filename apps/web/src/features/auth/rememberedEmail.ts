const EMAIL_KEY = 'sitelens.rememberedEmail';

/** Remember-me keeps the email to prefill the login form; logout forgets it (spec 000 §4). */
export function rememberedEmail(): string {
  try {
    return localStorage.getItem(EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string | null): void {
  try {
    if (email) localStorage.setItem(EMAIL_KEY, email);
    else localStorage.removeItem(EMAIL_KEY);
  } catch {
    // Storage disabled: nothing to remember.
  }
}
