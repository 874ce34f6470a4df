import { type GraphQLNamedType, getNamedType, isInterfaceType, isObjectType, isUnionType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { READS_UNDER_DATA_VERSIONS } from '../modules/installations/installations.schema.ts';
import { schema } from './graphqlSchema.ts';

/** Every `Type.field` an operation of these root fields can select, through every type below them. */
function reachable(roots: readonly string[]): string[] {
  const fields = new Set<string>();
  const seen = new Set<string>();
  const visit = (type: GraphQLNamedType): void => {
    if (seen.has(type.name)) return;
    seen.add(type.name);
    if (isUnionType(type)) return type.getTypes().forEach(visit);
    if (!isObjectType(type) && !isInterfaceType(type)) return;
    for (const field of Object.values(type.getFields())) {
      fields.add(`${type.name}.${field.name}`);
      visit(getNamedType(field.type));
    }
  };
  const query = schema.getQueryType()!.getFields();
  for (const root of roots) visit(getNamedType(query[root]!.type));
  return [...fields].sort();
}

describe("a page's reads run as trials (composition/pageOperations.ts)", () => {
  // An operation of these root fields may run twice (a trial under assumed versions, then on its own
  // context): every field below them must only read. A field added to these types fails this test
  // until someone has checked that it only reads, and added it here.
  it('select only fields that read', () => {
    expect(reachable(READS_UNDER_DATA_VERSIONS)).toMatchInlineSnapshot(`
      [
        "Event.dateBegin",
        "Event.dateEnd",
        "Event.id",
        "Event.installationId",
        "Event.label",
        "Event.metrics",
        "Event.name",
        "Event.neverEnding",
        "Event.stopngo",
        "EventStopNGo.limit",
        "Installation.address",
        "Installation.change_of_day_time",
        "Installation.city",
        "Installation.country",
        "Installation.creationDate",
        "Installation.events",
        "Installation.families",
        "Installation.id",
        "Installation.latitude",
        "Installation.longitude",
        "Installation.name",
        "Installation.opening_hours",
        "Installation.organizationId",
        "Installation.timezone",
        "Installation.zones",
        "OpeningHoursWindow.beginDay",
        "OpeningHoursWindow.beginHour",
        "OpeningHoursWindow.beginMinute",
        "OpeningHoursWindow.endDay",
        "OpeningHoursWindow.endHour",
        "OpeningHoursWindow.endMinute",
        "OpeningHoursWindow.reset",
        "Zone.areaM2",
        "Zone.childIds",
        "Zone.id",
        "Zone.installationId",
        "Zone.isDeleted",
        "Zone.isDisabled",
        "Zone.name",
        "Zone.parentIds",
        "Zone.sensorId",
        "Zone.tagIds",
      ]
    `);
  });
});
