import { useEffect } from 'react';
import { Paper, Text } from '@mantine/core';
import type { Widget } from '@sitelens/domain';

/** A type this version does not draw: its name, and a message in the console (spec 001 §4). */
export function UnknownWidget({ widget }: { widget: Widget }) {
  useEffect(() => {
    console.warn(`Widget type not implemented: ${widget.type} (widget ${widget.id})`);
  }, [widget.type, widget.id]);
  return (
    <Paper withBorder radius="md" p="md" data-widget-type={widget.type} data-status="unknown">
      <Text ff="monospace">{widget.type}</Text>
    </Paper>
  );
}
