import { graphql } from './graphql.ts';

/**
 * The organization's tag categories with their tags (spec 001 §7 tagCategoriesByOrganizationId):
 * the filters' category condition and the widget panel's metric condition choose from them. One
 * document, so that Apollo answers the second screen from what the first read.
 */
export const TAG_CATEGORIES = graphql(`
  query TagCategories($id: Int!) {
    tagCategoriesByOrganizationId(id: $id) {
      id
      name
      tags {
        id
        name
      }
    }
  }
`);
