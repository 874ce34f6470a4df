/** "First Last", or the account name when both are empty. */
export function fullName(user: { firstName: string; lastName: string; name: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.name;
}

export function initials(user: { firstName: string; lastName: string; name: string }): string {
  const words = fullName(user).split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
}
