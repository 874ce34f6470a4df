import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { handleOf } from '../routeHandle.ts';

/** Built from the matched routes' handles (spec 000 §2); the last step is the current page. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const steps = useMatches()
    .map((match) => ({ match, crumb: handleOf(match).crumb }))
    .filter((step) => step.crumb);
  if (steps.length === 0) return null;

  return (
    <nav aria-label={t('shell.breadcrumb')}>
      <MantineBreadcrumbs mb="xs" separatorMargin={6} fz="sm">
      {steps.map(({ match, crumb }, index) => {
        const { text, Label, to } = crumb!;
        const content = Label ? <Label /> : text?.(t);
        const last = index === steps.length - 1;
        return last ? (
          <Text key={match.id} size="sm" c="dimmed" aria-current="page">
            {content}
          </Text>
        ) : (
          <Anchor key={match.id} component={Link} to={to ?? match.pathname} size="sm">
            {content}
          </Anchor>
        );
      })}
      </MantineBreadcrumbs>
    </nav>
  );
}
