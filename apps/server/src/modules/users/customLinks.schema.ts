import type { CustomLink } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';

export const CustomLinkRef = builder.objectRef<CustomLink>('CustomLink').implement({
  description: 'A link of the header’s menu; opens in a new tab when openOutside.',
  fields: (t) => ({
    text: t.exposeString('text'),
    url: t.exposeString('url'),
    iconSrc: t.exposeString('iconSrc', { nullable: true, description: 'One of the product’s icon names (link, book, chart, …); null for the default link icon.' }),
    openOutside: t.exposeBoolean('openOutside'),
  }),
});

export const CustomLinkInput = builder.inputType('CustomLinkInput', {
  fields: (t) => ({
    text: t.string({ required: true }),
    url: t.string({ required: true, description: 'An absolute http(s) address.' }),
    iconSrc: t.string(),
    openOutside: t.boolean(),
  }),
});

/** The input as the domain's CustomLink. */
export const linkFromInput = (l: { text: string; url: string; iconSrc?: string | null; openOutside?: boolean | null }): CustomLink => ({
  text: l.text,
  url: l.url,
  iconSrc: l.iconSrc ?? null,
  openOutside: l.openOutside ?? false,
});
