import { Badge, Button, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A row's button: its words, the name that says which browser and when, and the list's marker for the keyboard's next stop. */
export interface SignInPlaceAction {
  text: string;
  name: string;
  marker: 'data-revoke-browser' | 'data-end-session';
  onClick: () => void;
}

/**
 * One place signed in to the account, as both lists of the security tab show it (trusted browsers,
 * open sessions): its browser, "this browser" when it is, a dated line, and its button when it has one.
 */
export function SignInPlaceRow({ label, current, dated, action }: { label: string; current: boolean; dated: string; action: SignInPlaceAction | null }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>
        {label} {current && <Badge size="xs">{t('profile.security.thisBrowser')}</Badge>}
      </Table.Td>
      <Table.Td>{dated}</Table.Td>
      <Table.Td ta="end">
        {action && (
          <Button size="xs" variant="subtle" color="red" {...{ [action.marker]: true }} aria-label={action.name} onClick={action.onClick}>
            {action.text}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
