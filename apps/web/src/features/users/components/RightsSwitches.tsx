import { Fieldset, Group, SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RIGHTS_TREE_SHAPE, type RightsTree, readRight, switchRight } from '@sitelens/domain';

/** The rights tree of spec 000 §3 as switches, one group per subject (organization users, alerts…); an action needs read (switchRight). */
export function RightsSwitches({ rights, onChange, disabled = false }: { rights: RightsTree; onChange: (next: RightsTree) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {RIGHTS_TREE_SHAPE.map(({ area, subject, actions }) => (
        <Fieldset key={`${area}.${subject}`} legend={t(`rightsProfiles.subjects.${area}.${subject}`)} data-testid={`rights-${area}-${subject}`}>
          <Group gap="lg">
            {actions.map((action) => (
              <Switch
                key={action}
                label={t(`rightsProfiles.actions.${action}`)}
                checked={readRight(rights, { area, subject, action })}
                disabled={disabled}
                onChange={(event) => onChange(switchRight(rights, { area, subject, action }, event.currentTarget.checked))}
                data-testid={`right-${area}.${subject}.${action}`}
              />
            ))}
          </Group>
        </Fieldset>
      ))}
    </SimpleGrid>
  );
}
